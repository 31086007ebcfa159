import { describe, expect, it } from 'vitest';
import { orSkipped, productPages } from '#test/support/outside-data.js';
import { measureExtractionBySet, type ScoredSet } from './extraction-score.js';
import { shopOf, splitBySet } from './page-sets.js';

/**
 * "What agents see" on the 93 real pages, markup and visible text together, by the extraction
 * benchmark's F1 method (extraction-score.ts), on all pages and on each set of page-sets.ts. These are
 * floors, a little under the figures measured when they were set: `npm run bench` prints the figures.
 * The pages are a third party's, read from beside the repository (test/support/outside-data.ts); where they
 * are absent these suites are skipped, saying why.
 */
const pages = orSkipped(productPages(), 'real-pages-f1.test.ts');
const measured = pages === undefined ? undefined : measureExtractionBySet(pages);
const score = (set: ScoredSet, field: string) => measured![set].scores.find((entry) => entry.field === field)!;
const withPages = describe.skipIf(pages === undefined);

withPages('what agents see on the 93 real product pages', () => {
  it('reads the price with F1 of at least 0.95 and precision of at least 0.98', () => {
    expect(score('all', 'price').f1).toBeGreaterThanOrEqual(0.95);
    expect(score('all', 'price').precision).toBeGreaterThanOrEqual(0.98);
  });

  it('reads availability with F1 of at least 0.91', () => {
    expect(score('all', 'availability').f1).toBeGreaterThanOrEqual(0.91);
  });

  it('reads the sku with F1 of at least 0.84', () => {
    expect(score('all', 'sku').f1).toBeGreaterThanOrEqual(0.84);
  });

  it('takes some of each from the visible text, labelled as such', () => {
    for (const field of ['price', 'availability', 'sku']) expect(score('all', field).fromText, field).toBeGreaterThan(0);
  });
});

withPages('what agents see on the development set (the shops rules are written against)', () => {
  it('holds its floors: price F1 0.98 with precision 0.98, availability 0.88, sku 0.91', () => {
    expect(measured!.development.pages).toBe(52);
    expect(score('development', 'price').f1).toBeGreaterThanOrEqual(0.98);
    expect(score('development', 'price').precision).toBeGreaterThanOrEqual(0.98);
    expect(score('development', 'availability').f1).toBeGreaterThanOrEqual(0.88);
    expect(score('development', 'sku').f1).toBeGreaterThanOrEqual(0.91);
  });
});

withPages('what agents see on the validation set (shops no rule was written against)', () => {
  it('holds its floors: price F1 0.94 with precision 0.97, availability 0.94, sku 0.75', () => {
    expect(measured!.validation.pages).toBe(41);
    expect(score('validation', 'price').f1).toBeGreaterThanOrEqual(0.94);
    expect(score('validation', 'price').precision).toBeGreaterThanOrEqual(0.97);
    expect(score('validation', 'availability').f1).toBeGreaterThanOrEqual(0.94);
    expect(score('validation', 'sku').f1).toBeGreaterThanOrEqual(0.75);
  });
});

withPages('the split of the real pages into development and validation', () => {
  const truth = pages?.groundTruth() ?? {};
  const urls = Object.fromEntries(Object.entries(truth).map(([id, page]) => [id, page.url]));
  const sets = splitBySet(urls);
  const setsOfShop = new Map<string, Set<string>>();
  for (const [id, url] of Object.entries(urls)) {
    setsOfShop.set(shopOf(url), (setsOfShop.get(shopOf(url)) ?? new Set()).add(sets.get(id)!));
  }
  const validationShops = [...setsOfShop].filter(([, inSets]) => inSets.has('validation')).map(([shop]) => shop);

  it('gives every page a set, and no shop pages in both', () => {
    expect(sets.size).toBe(Object.keys(truth).length);
    for (const [shop, inSets] of setsOfShop) expect([...inSets], shop).toHaveLength(1);
  });

  it('puts a third of the shops, rounded, in the validation set', () => {
    expect(setsOfShop.size).toBe(33);
    expect(validationShops).toHaveLength(Math.round(setsOfShop.size / 3));
  });

  it('is the fixed set of shops the honesty rule names, so no rule was tuned on a page it now validates', () => {
    expect(validationShops.sort()).toEqual(
      ['3suisses', 'agem', 'argos', 'eklinika', 'ikea', 'johnlewis', 'olx', 'paris', 'tmon', 'zalando', 'zara'].sort(),
    );
  });

  it('keeps amazon.com, amazon.co.uk and amazon.it together as one shop', () => {
    const amazon = Object.entries(urls).filter(([, url]) => new URL(url).hostname.includes('amazon.'));
    expect(new Set(amazon.map(([, url]) => new URL(url).hostname))).toEqual(
      new Set(['www.amazon.com', 'www.amazon.co.uk', 'www.amazon.it']),
    );
    expect(new Set(amazon.map(([, url]) => shopOf(url)))).toEqual(new Set(['amazon']));
    expect(new Set(amazon.map(([id]) => sets.get(id)))).toHaveProperty('size', 1);
  });

  it('does not depend on the order of the pages', () => {
    const entries = Object.entries(urls);
    // A fixed shuffle: every seventh page first, then the rest backwards.
    const shuffled = [...entries.filter((_, index) => index % 7 === 0), ...entries.filter((_, index) => index % 7 !== 0).reverse()];
    expect(splitBySet(Object.fromEntries(shuffled))).toEqual(sets);
    expect(splitBySet(Object.fromEntries([...entries].reverse()))).toEqual(sets);
  });

  it('keeps each shop in its set when pages of known shops are added', () => {
    const more = { ...urls, ...Object.fromEntries(Object.entries(urls).map(([id, url]) => [`${id}-again`, `${url}?again`])) };
    const again = splitBySet(more);
    for (const [id, set] of sets) expect(again.get(`${id}-again`), id).toBe(set);
  });
});
