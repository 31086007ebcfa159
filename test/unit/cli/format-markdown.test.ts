import { describe, expect, it } from 'vitest';
import { formatMarkdown, githubCommentLimit, scanFailedMarkdown } from '#bin/cli/format-markdown.js';
import { mdCode, mdText } from '#bin/cli/markdown-text.js';
import type { ProductFactsRecord, ScanResult } from '#shared/model/scans/scan-result.js';
import { sampleResult } from '#test/support/scan-result-parts.js';

/** The vendor page the sample gives for Perplexity. */
const perplexityPage = sampleResult().assistants[2]!.access[0]!.source!;

const reportUrl = 'https://scanner.example.com/app/scans/7d1c2f4e-5b6a-4c3d-8e9f-0a1b2c3d4e5f';

/** A stored result with three fixes, stored out of the report's order, and one product page. */
function storedResult(): ScanResult {
  const result = sampleResult();
  result.caps = [{ id: 'bot_wall', limit: 60, reason: 'A bot wall answers agents with a challenge.' }];
  const fix = result.recommendations[0]!;
  result.recommendations = [
    { ...fix, checkId: 'llms_txt', priority: 'low', title: 'Publish llms.txt', why: 'A map for agents.' },
    { ...fix, checkId: 'identifiers', priority: 'high', estimatedGain: 2.25, title: 'Add GTINs', why: 'Agents match offers by GTIN.' },
    fix,
    { ...fix, checkId: 'gtin_feed', priority: 'high', estimatedGain: 4, title: 'Put GTINs in the feed', why: 'Feeds carry GTINs.' },
  ];
  result.products = [product({ name: 'Blue mug', price: '12.50', currency: 'GBP', availability: 'InStock', sku: 'MUG-1' })];
  return result;
}

function product(facts: Partial<ProductFactsRecord>): ProductFactsRecord {
  const none = { name: null, price: null, currency: null, availability: null, sku: null, gtin: null, mpn: null, brand: null, image: null };
  return { url: 'https://shop.example/products/blue-mug', ...none, source: 'json-ld', sources: { ...none }, ...facts };
}

/** The lines of the access section, with the blank line before it. */
function inAccessSection(lines: string[], index: number): boolean {
  const start = lines.indexOf('#### Search and user-initiated visits') - 1;
  const end = lines.indexOf('### Dimensions') - 1;
  return index >= start && index < end;
}

describe('the markdown report', () => {
  const markdown = formatMarkdown(storedResult(), { reportUrl });
  const lines = markdown.split('\n');

  it('opens with the score and band, then the scanned URL, tier and coverage', () => {
    expect(lines[0]).toBe('## 🟠 Agent readiness: 58/100 (Needs work)');
    expect(lines[2]).toBe('`https://shop.example/` · pro tier · 95% of the rubric assessed · platform: custom');
    expect(lines).toContain('- Capped at 60: A bot wall answers agents with a challenge.');
  });

  it("gives the assistants' verdicts and the dimensions as tables", () => {
    expect(lines).toContain('| Assistant | Verdict | Where it stops | First fix |');
    expect(lines).toContain(
      '| Perplexity | Blocked | find fails: robots.txt disallows PerplexityBot and Perplexity-User on /. | Put the price in the product markup |',
    );
    expect(lines).toContain('| Google | Can buy | every step passes |  |');
    expect(lines).toContain('| Dimension | Score | Weight |');
    expect(lines).toContain('| Product data | 50/100 | 25 |');
  });

  it("lists each assistant's search and user-initiated visits under the table, with the vendor's page and the edge", () => {
    const start = lines.indexOf('#### Search and user-initiated visits');
    expect(start).toBeGreaterThan(lines.indexOf('| Assistant | Verdict | Where it stops | First fix |'));
    expect(start).toBeLessThan(lines.indexOf('### Dimensions'));
    const perplexity = lines.indexOf('- **Perplexity**');
    expect(lines.slice(perplexity, perplexity + 4)).toEqual([
      '- **Perplexity**',
      `  - Search \\(PerplexityBot\\): blocked by robots.txt. Follows robots.txt. ([docs.perplexity.ai](${perplexityPage}))`,
      `  - User-initiated \\(Perplexity-User\\): blocked by robots.txt, but the vendor says it may ignore robots.txt. Fetches when a person asks and generally ignores robots.txt. ([docs.perplexity.ai](${perplexityPage}))`,
      '  - Edge: Perplexity-User was refused \\(HTTP 403\\) where the scanner got HTTP 200 on https:&#8203;//shop.example/.',
    ]);
    expect(lines).toContain('  - User-initiated: no agent documented.');
  });

  it('leaves the visits out for a result made before them, and the rest as it was', () => {
    const stored = storedResult();
    const before = formatMarkdown(
      { ...stored, assistants: stored.assistants.map((assistant) => ({ ...assistant, access: [] })) },
      { reportUrl },
    );
    expect(before).not.toContain('Search and user-initiated visits');
    expect(before).not.toContain('Edge:');
    expect(before.split('\n')).toEqual(lines.filter((line, index) => !inAccessSection(lines, index)));
  });

  it("lists the top fixes in the report page's order: by priority, then by gain", () => {
    const fixes = lines.filter((line) => /^\d+\. \*\*/.test(line));
    expect(fixes).toEqual([
      '1. **Put the price in the product markup** (critical, +6 points, effort S): Agents read prices from markup.',
      '2. **Put GTINs in the feed** (high, +4 points, effort S): Feeds carry GTINs.',
      '3. **Add GTINs** (high, +2.3 points, effort S): Agents match offers by GTIN.',
      '4. **Publish llms.txt** (low, +6 points, effort S): A map for agents.',
    ]);
    expect(lines).toContain('### Top fixes (4 of 4)');
    expect(formatMarkdown(storedResult(), { topFixes: 2 })).toContain('### Top fixes (2 of 4)');
  });

  it('folds the checks that did not pass and what agents see', () => {
    expect(markdown).toContain('<summary>Checks that did not pass (2)</summary>');
    expect(lines).toContain('| Fail | Name, image, price | Product data | No product has a price in its markup. |');
    expect(lines).toContain('| Blue mug | 12.50 GBP | InStock | MUG-1 | – | `https://shop.example/products/blue-mug` |');
    expect(markdown.match(/<details>/g)).toHaveLength(2);
    expect(markdown.match(/<\/details>/g)).toHaveLength(2);
  });

  it('links to the full report when there is one, and names the scanner version', () => {
    expect(lines).toContain(`[Full report](${reportUrl})`);
    expect(lines.at(-1)).toBe('<sub>agent-readiness-scan · scanner 1.0.0 · scanned 26 Nov 2026, 05:00 UTC</sub>');
    expect(formatMarkdown(storedResult())).not.toContain('Full report');
  });

  it('says which URL could not be scanned and why', () => {
    expect(scanFailedMarkdown('https://shop.example/', 'Scan timed out')).toBe(
      '## Agent readiness: not scanned\n\n`https://shop.example/`: Scan timed out',
    );
  });
});

describe("the shop's data in the markdown report", () => {
  const hostile = [
    'Mug **bold** [click](https://evil.example) ![x](https://evil.example/x.png)',
    '<img src=x onerror=alert(1)><script>alert(1)</script>',
    'ping @octocat and @org/team, see #12 and www.evil.example or https://evil.example',
    'a | b | c',
    'line one\nline two\r\n# heading',
    '&lt;b&gt; &#64;octocat',
    '`code` ~~gone~~ $x^2$ <!-- hidden -->',
    '\u202eevil\u202c',
  ];

  function withHostileProducts(): ScanResult {
    const result = storedResult();
    result.products = hostile.map((name) => product({ name, sku: '- 1. x', url: 'https://shop.example/p?q=a|b`c`@x' }));
    result.checks[0] = { ...result.checks[0]!, summary: hostile.join(' ') };
    result.url = 'https://shop.example/?q=<b>@octocat</b>|x';
    return result;
  }

  const markdown = formatMarkdown(withHostileProducts());
  const productRows = markdown.split('\n').filter((line) => line.includes('\\- 1. x'));
  const productRow = productRows.join('\n');

  it('gives each product its own row', () => {
    expect(productRows).toHaveLength(hostile.length);
  });

  it('cannot add HTML, links, images, emphasis or comments', () => {
    expect(productRow).not.toMatch(/<(?!\/?details|\/?summary|\/?sub)/);
    expect(productRow).toContain('&lt;img src=x onerror=alert\\(1\\)&gt;&lt;script&gt;');
    expect(productRow).toContain('\\*\\*bold\\*\\* \\[click\\]\\(https:&#8203;//evil.example\\) \\!\\[x\\]');
    expect(productRow).toContain('\\`code\\` \\~\\~gone\\~\\~ \\$x\\^2\\$ &lt;\\!-- hidden --&gt;');
    // An entity the site wrote shows as written instead of turning into a character.
    expect(productRow).toContain('&amp;lt;b&amp;gt; &amp;#&#8203;64;octocat');
  });

  it('cannot mention a person or a team, link an issue, or autolink an address', () => {
    expect(productRow).toContain(
      '@&#8203;octocat and @&#8203;org/team, see #&#8203;12 and www&#8203;.evil.example or https:&#8203;//evil.example',
    );
    // Outside code spans and the links the report makes itself (a vendor's page, the report's own).
    const outsideCode = markdown.replace(/(`+).*?\1/g, '').replace(/\]\(https:\/\/[^)\s]+\)/g, '](…)');
    expect(outsideCode).not.toMatch(/@(?!&#8203;)/);
    expect(outsideCode).not.toMatch(/(?:https?:\/\/|www\.)/);
  });

  it('cannot break a table row or start a line of its own', () => {
    // Every row of a table has as many unescaped pipes as its header.
    const cellsOf = (row: string) => row.replace(/\\\|/g, '').split('|').length;
    const lines = markdown.split('\n');
    for (const [index, line] of lines.entries()) {
      if (!line.startsWith('|') || lines[index - 1]?.startsWith('|')) continue;
      const table = lines.slice(
        index,
        lines.findIndex((next, at) => at > index && !next.startsWith('|')),
      );
      for (const row of table) expect(cellsOf(row), row).toBe(cellsOf(line));
    }
    for (const row of productRows) expect(cellsOf(row)).toBe(8);
    expect(productRow).toContain('line one line two #&#8203; heading');
    expect(markdown).not.toContain('\u202e');
  });

  it('shows URLs as code spans, whatever backticks they hold', () => {
    expect(productRow).toContain('``https://shop.example/p?q=a\\|b`c`@x``');
    expect(markdown.split('\n')[2]).toMatch(/^`https:\/\/shop\.example\/\?q=<b>@octocat<\/b>\|x` · /);
    expect(mdCode('`tick`')).toBe('`` `tick` ``');
  });

  it("cannot add markup, mentions or links through an assistant's access, and links a vendor's page only over http(s)", () => {
    const result = storedResult();
    const [search, user] = result.assistants[2]!.access;
    result.assistants[2]!.access = [
      { ...search!, agents: [hostile[0]!], vendorSays: hostile[2]!, source: 'javascript:alert(1)' },
      {
        ...user!,
        source: 'https://vendor.example/a b)[x](javascript:alert(2))',
        edge: { ...user!.edge!, token: hostile[1]!, pages: [{ ...user!.edge!.pages[0]!, url: hostile[4]!, agent: hostile[3]! }] },
      },
    ];
    const access = formatMarkdown(result)
      .split('\n')
      .filter((line) => line.startsWith('  - '));
    const perplexity = access.filter((line) => line.includes('Perplexity') || line.includes('evil'));
    expect(perplexity[0]).toBe(
      `  - Search \\(Mug \\*\\*bold\\*\\* \\[click\\]\\(https:&#8203;//evil.example\\) \\!\\[x\\]\\(https:&#8203;//evil.example/x.png\\)\\): blocked by robots.txt. ping @&#8203;octocat and @&#8203;org/team, see #&#8203;12 and www&#8203;.evil.example or https:&#8203;//evil.example (\`javascript:alert(1)\`)`,
    );
    // A web address is a link, its parentheses and spaces encoded so it cannot end early.
    expect(access.join('\n')).toContain('([vendor.example](https://vendor.example/a%20b%29[x]%28javascript:alert%282%29%29))');
    expect(access.join('\n')).toContain(
      '  - Edge: &lt;img src=x onerror=alert\\(1\\)&gt;&lt;script&gt;alert\\(1\\)&lt;/script&gt; was refused \\(a \\| b \\| c\\) where the scanner got HTTP 200 on line one line two #&#8203; heading.',
    );
  });

  it('keeps a list marker at the start of a text from starting a list', () => {
    expect(mdText('- 1. x')).toBe('\\- 1. x');
    expect(mdText('1. x')).toBe('1\\. x');
    expect(mdText('12.50')).toBe('12.50');
  });

  it('cuts one long text with an ellipsis', () => {
    expect(mdText('x'.repeat(500), 300)).toBe(`${'x'.repeat(299)}…`);
  });
});

describe('the length of the markdown report', () => {
  function hugeResult(): ScanResult {
    const result = storedResult();
    const template = result.checks[0]!;
    result.checks = Array.from({ length: 400 }, (_, index) => ({
      ...template,
      id: `check_${index}`,
      title: `Check ${index} @someone`,
      summary: `${'@'.repeat(250)} finding ${index}`,
    }));
    result.products = Array.from({ length: 50 }, (_, index) => product({ name: `${'<'.repeat(110)} product ${index}` }));
    return result;
  }

  it('fits a GitHub comment, keeps the headline, fixes and footer, and says it was shortened', () => {
    const markdown = formatMarkdown(hugeResult(), { reportUrl });
    expect(markdown.length).toBeLessThanOrEqual(60_000);
    expect(markdown.length).toBeGreaterThan(50_000);
    expect(markdown).toContain('## 🟠 Agent readiness: 58/100');
    expect(markdown).toContain('1. **Put the price in the product markup**');
    expect(markdown).toContain('_Shortened to fit a comment: some rows are left out._');
    expect(markdown).toContain(`[Full report](${reportUrl})`);
    expect(markdown.split('\n').at(-1)).toMatch(/^<sub>agent-readiness-scan · scanner 1\.0\.0/);
    // Cut between rows: the open fold is closed and no row is cut in half.
    expect(markdown.match(/<details>/g)?.length).toBe(markdown.match(/<\/details>/g)?.length);
    expect(markdown).not.toContain('What agents see');
    for (const line of markdown.split('\n').filter((row) => row.startsWith('| Fail'))) expect(line).toMatch(/ \|$/);
  });

  it('never goes over the limit of a comment, whatever is asked', () => {
    expect(formatMarkdown(hugeResult(), { maxLength: 1_000_000 }).length).toBeLessThanOrEqual(githubCommentLimit);
    const small = formatMarkdown(hugeResult(), { maxLength: 3_000 });
    expect(small.length).toBeLessThanOrEqual(3_000);
    expect(small).toContain('Agent readiness: 58/100');
  });

  it('leaves a short report whole', () => {
    expect(formatMarkdown(storedResult())).not.toContain('Shortened');
  });
});
