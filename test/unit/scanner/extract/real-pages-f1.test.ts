import { describe, expect, it } from 'vitest';
import { measureExtraction } from './extraction-score.js';

/**
 * "What agents see" on all 93 real pages, markup and visible text together, by the extraction
 * benchmark's F1 method (extraction-score.ts). These are floors: `npm run bench` prints the figures.
 */
describe('what agents see on the 93 real product pages', () => {
  const { scores } = measureExtraction();
  const score = (field: string) => scores.find((entry) => entry.field === field)!;

  it('reads the price with F1 of at least 0.85 and precision of at least 0.95', () => {
    expect(score('price').f1).toBeGreaterThanOrEqual(0.85);
    expect(score('price').precision).toBeGreaterThanOrEqual(0.95);
  });

  it('reads availability with F1 of at least 0.90', () => {
    expect(score('availability').f1).toBeGreaterThanOrEqual(0.9);
  });

  it('reads the sku with F1 of at least 0.75', () => {
    expect(score('sku').f1).toBeGreaterThanOrEqual(0.75);
  });

  it('takes some of each from the visible text, labelled as such', () => {
    for (const field of ['price', 'availability', 'sku']) expect(score(field).fromText, field).toBeGreaterThan(0);
  });
});
