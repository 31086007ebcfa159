import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { reportPage } from '#shared/http/pages/report-page.js';
import type { AssistantAccess, ScanResult } from '#shared/model/scans/scan-result.js';
import { sampleResult } from '#test/support/scan-result-parts.js';

/** The vendor page the sample gives for Perplexity. */
const perplexityPage = sampleResult().assistants[2]!.access[0]!.source!;

const attack = `"><script>alert(1)</script><img src=x onerror=alert(2)>`;

function render(result: ScanResult) {
  return cheerio.load(reportPage(result, null));
}

function rows($: cheerio.CheerioAPI) {
  return $('table.assistants tbody tr')
    .toArray()
    .map((row) => ({
      name: $(row).find('th[scope="row"]').text(),
      cells: $(row)
        .find('td')
        .toArray()
        .map((cell) => $(cell).text().trim()),
    }));
}

describe('the report: which assistants can shop here', () => {
  const result = sampleResult();
  const $ = render(result);

  it('comes after the summary (which gives the verdicts in short), the fixes and the score, as a second-level heading with a captioned table', () => {
    const headings = $('main h1, main h2')
      .toArray()
      .map((heading) => $(heading).text());
    expect(headings.slice(0, 4)).toEqual([
      'Agent readiness of shop.example',
      'Fixes, most important first',
      'How this score is calculated',
      'Which assistants can shop here',
    ]);
    expect($('table.assistants caption').text()).toContain('find the shop, read its products, trust its policies, buy');
    expect(
      $('table.assistants thead th')
        .toArray()
        .map((th) => [$(th).attr('scope'), $(th).text()]),
    ).toEqual([
      ['col', 'Assistant'],
      ['col', 'Verdict'],
      ['col', 'First failing step'],
      ['col', 'First fix'],
      ['col', 'Search and user visits'],
    ]);
    expect($('#assistants-title').next('p').text()).toBe('1 of 6 can buy here; 1 is blocked.');
    // Explicit roles: the rows stack on a phone (a CSS display change), and stay a table to assistive technology.
    expect($('table.assistants').attr('role')).toBe('table');
    expect($('table.assistants [role="rowheader"]').length).toBe(6);
    expect($('table.assistants tbody [role="cell"]').length).toBe(24);
  });

  it('gives one row per assistant, in the order of the result, every verdict in words', () => {
    const table = rows($);
    expect(table.map((row) => row.name)).toEqual(['ChatGPT', 'Google', 'Perplexity', 'Claude', 'Copilot', 'Amazon Rufus']);
    expect(table.map((row) => row.cells[0])).toEqual([
      'Can trustfinds, reads and trusts the shop, cannot buy',
      'Can buyfinds, reads, trusts and buys',
      '✕ Blockedcannot reach the shop',
      'Can findfinds the shop, cannot read its products',
      'Can readreads the products, cannot rely on the policies',
      'Can trustfinds, reads and trusts the shop, cannot buy',
    ]);
  });

  it('marks how far each assistant gets by shape, hidden from screen readers that read the words', () => {
    const markers = $('table.assistants .reach')
      .toArray()
      .map((marker) => ({
        hidden: $(marker).attr('aria-hidden'),
        filled: $(marker).find('.pip-on').length,
        boxes: $(marker).find('.pip').length,
      }));
    expect(markers.every((marker) => marker.hidden === 'true')).toBe(true);
    expect(markers.map((marker) => marker.filled)).toEqual([3, 4, 0, 1, 2, 3]);
    expect(markers.map((marker) => marker.boxes)).toEqual([4, 4, 0, 4, 4, 4]);
    expect($('table.assistants .reach-blocked').text()).toBe('✕');
  });

  it('names the first failing step with its reason, every step status in words', () => {
    expect(rows($).map((row) => row.cells[1])).toEqual([
      'Buy (fails): No ACP product feed or checkout is published.',
      'Every step passes',
      'Find (fails): robots.txt disallows PerplexityBot and Perplexity-User on /.',
      'Read (warning): Prices are only in the page text.',
      'Trust (fails): No return policy is linked.',
      'Buy (not checked): A free scan reads no product page.',
    ]);
  });

  it('links the first fix to its entry among the fixes, and names a fix that has no entry without a link', () => {
    const fixCells = $('table.assistants tbody tr td:nth-of-type(3)');
    expect(fixCells.first().find('a').attr('href')).toBe('#fix-offer_core');
    expect(fixCells.first().text()).toBe('Put the price in the product markup');
    expect($('ol.fixes > li#fix-offer_core h3').text()).toBe('Put the price in the product markup');
    expect(fixCells.eq(1).text()).toBe('Nothing to fix');
    expect(fixCells.eq(3).text()).toBe('Product identifiers');
    expect(fixCells.eq(3).find('a').length).toBe(0);
  });

  it('shows what a hostile shop wrote as text, including in the fix anchor', () => {
    const hostile = sampleResult('https://evil.example');
    hostile.recommendations[0] = { ...hostile.recommendations[0]!, checkId: attack, title: attack };
    hostile.assistants = hostile.assistants.map((assistant) => ({
      ...assistant,
      name: attack,
      firstFix: attack,
      steps: assistant.steps.map((step) => ({ ...step, reason: attack })),
    }));
    const page = render(hostile);
    expect(page('script:not([src])').length).toBe(0);
    expect(page('img').length).toBe(0);
    expect(page('table.assistants tbody th').first().text()).toBe(attack);
    expect(page('table.assistants tbody td:nth-of-type(2)').first().text()).toBe(`Buy (fails): ${attack}`);
    const link = page('table.assistants tbody td:nth-of-type(3) a').first();
    expect(link.text()).toBe(attack);
    expect(link.attr('href')).toBe(`#fix-${attack}`);
    expect(page('ol.fixes > li').first().attr('id')).toBe(`fix-${attack}`);
  });

  it('gives each fix one anchor even when two fixes share a check', () => {
    const twice = sampleResult();
    twice.recommendations.push({ ...twice.recommendations[0]!, title: 'Another fix for the same check' });
    const page = render(twice);
    expect(page('[id="fix-offer_core"]').length).toBe(1);
  });

  it("gives each assistant's search and user-initiated visits apart: robots.txt, the vendor's word and page, the edge", () => {
    const items = (row: number) =>
      $('table.assistants tbody tr')
        .eq(row)
        .find('td[data-label="Search and user visits"] ul.access > li')
        .toArray()
        .map((item) => $(item).text());
    expect(items(2)).toEqual([
      'Search (PerplexityBot): blocked by robots.txt. Follows robots.txt. (docs.perplexity.ai)',
      'User-initiated (Perplexity-User): blocked by robots.txt, but the vendor says it may ignore robots.txt. Fetches when a person asks and generally ignores robots.txt. (docs.perplexity.ai)',
      'Edge: Perplexity-User was refused (HTTP 403) where the scanner got HTTP 200 on https://shop.example/.',
    ]);
    expect(items(0)).toEqual([
      'Search (OAI-SearchBot): allowed by robots.txt. (vendor.example)',
      // The vendor's words are shown where robots.txt keeps the role out, where they decide what the block does.
      'User-initiated (ChatGPT-User): allowed by robots.txt; the vendor says it may ignore robots.txt. (vendor.example)',
    ]);
    // A vendor that documents no user-initiated agent: said once, without a page.
    expect(items(4)[1]).toBe('User-initiated: no agent documented.');
    const source = $('table.assistants tbody tr').eq(2).find('ul.access a').first();
    expect(source.attr('href')).toBe(perplexityPage);
    expect(source.attr('rel')).toBe('nofollow noreferrer');
    expect($('table.assistants li.edge').attr('class')).toBe('edge edge-refused');
  });

  it('lists the edge probe page by page, or in one line when every page was served as the scanner was', () => {
    const probed = sampleResult();
    const perplexity = probed.assistants[2]!;
    const user = perplexity.access[1]!;
    const pages = [
      { url: 'https://shop.example/', scanner: 'HTTP 200', agent: 'HTTP 200', answer: 'served' as const },
      {
        url: 'https://shop.example/products/blue-mug',
        scanner: 'HTTP 200',
        agent: 'Cloudflare challenge (cf-mitigated)',
        answer: 'challenged' as const,
      },
    ];
    perplexity.access[1] = { ...user, edge: { ...user.edge!, answer: 'challenged', pages } };
    const served: AssistantAccess = {
      ...user,
      edge: { ...user.edge!, answer: 'served', pages: [pages[0]!, { ...pages[1]!, agent: 'HTTP 200', answer: 'served' }] },
    };
    probed.assistants[0] = { ...probed.assistants[0]!, access: [probed.assistants[0]!.access[0]!, served] };
    const page = render(probed);
    expect(
      page('table.assistants li.edge')
        .toArray()
        .map((item) => page(item).text()),
    ).toEqual([
      'Edge: Perplexity-User was served as the scanner was (2 pages).',
      'Edge: Perplexity-User was served (HTTP 200) where the scanner got HTTP 200 on https://shop.example/.',
      'Edge: Perplexity-User was challenged (Cloudflare challenge (cf-mitigated)) where the scanner got HTTP 200 on https://shop.example/products/blue-mug.',
    ]);
  });

  it('escapes what a hostile result holds in the access rows, and links a vendor page only when it is a web address', () => {
    const hostile = sampleResult('https://evil.example');
    hostile.assistants = hostile.assistants.map((assistant) => ({
      ...assistant,
      access: assistant.access.map((access) => ({
        ...access,
        agents: [attack],
        vendorSays: attack,
        source: 'javascript:alert(3)',
        ...(access.edge && {
          edge: { ...access.edge, token: attack, pages: access.edge.pages.map((probe) => ({ ...probe, url: attack, agent: attack })) },
        }),
      })),
    }));
    const page = render(hostile);
    expect(page('script:not([src])').length).toBe(0);
    expect(page('img').length).toBe(0);
    expect(page('ul.access a').length).toBe(0);
    const perplexity = page('table.assistants tbody tr').eq(2).find('ul.access > li');
    expect(perplexity.eq(0).text()).toBe(`Search (${attack}): blocked by robots.txt. ${attack}. (source: javascript:alert(3))`);
    expect(perplexity.eq(2).text()).toBe(`Edge: ${attack} was refused (${attack}) where the scanner got HTTP 200 on ${attack}.`);
  });

  it('draws the table as before for a result stored before the split (no access for any assistant)', () => {
    const stored = sampleResult();
    stored.assistants = stored.assistants.map((assistant) => ({ ...assistant, access: [] }));
    const page = render(stored);
    expect(
      page('table.assistants thead th')
        .toArray()
        .map((th) => page(th).text()),
    ).toEqual(['Assistant', 'Verdict', 'First failing step', 'First fix']);
    expect(page('table.assistants tbody [role="cell"]').length).toBe(18);
    expect(page('ul.access, li.edge').length).toBe(0);
    expect(rows(page).map((row) => row.cells)).toEqual(rows($).map((row) => row.cells.slice(0, 3)));
  });

  it('says a result without verdicts (stored before them) has none, and draws no empty table', () => {
    const page = render({ ...sampleResult(), assistants: [] });
    expect(page('table.assistants').length).toBe(0);
    expect(page('#assistants-title').next('p').text()).toContain('does not judge each assistant');
  });
});
