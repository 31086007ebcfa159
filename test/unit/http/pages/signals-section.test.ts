import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { reportPage } from '#shared/http/pages/report-page.js';
import { signalIds, type ScanResult } from '#shared/model/scans/scan-result.js';
import { sampleResult } from '#test/support/scan-result-parts.js';

const attack = `"><script>alert(1)</script><img src=x onerror=alert(2)>`;

function render(result: ScanResult) {
  return cheerio.load(reportPage(result, null));
}

function rows($: cheerio.CheerioAPI) {
  return $('table.signals tbody tr')
    .toArray()
    .map((row) => ({
      name: $(row).find('th[scope="row"]').contents().first().text(),
      address: $(row).find('th .url').text(),
      link: $(row).find('th a').attr('href') ?? null,
      cells: $(row)
        .find('td')
        .toArray()
        .map((cell) => $(cell).text()),
    }));
}

describe('the report: agent-facing documents', () => {
  const $ = render(sampleResult());

  it('sits after what agents see and before every check, as a captioned table with column headers', () => {
    const headings = $('main h2')
      .toArray()
      .map((heading) => $(heading).text());
    expect(headings.indexOf('Agent-facing documents')).toBe(headings.indexOf('What agents see') + 1);
    expect(headings.indexOf('Every check')).toBe(headings.indexOf('Agent-facing documents') + 1);
    expect($('table.signals caption').text()).not.toBe('');
    expect($('table.signals').attr('role')).toBe('table');
    expect($('table.signals [role="rowheader"]').length).toBe(13);
    expect($('table.signals tbody [role="cell"]').length).toBe(39);
    expect(
      $('table.signals thead th')
        .toArray()
        .map((th) => [$(th).attr('scope'), $(th).text()]),
    ).toEqual([
      ['col', 'Document'],
      ['col', 'Status'],
      ['col', 'Version'],
      ['col', 'Problems'],
    ]);
  });

  it('names every document in words, with its status in words, version and problems', () => {
    const table = rows($);
    expect(table.map((row) => row.name)).toEqual([
      'robots.txt',
      'XML sitemap',
      'llms.txt',
      'Markdown versions of pages',
      'UCP profile (Universal Commerce Protocol)',
      'ACP discovery document (Agentic Commerce Protocol)',
      'MCP server card',
      'A2A agent card',
      'AI catalog',
      'API catalog (RFC 9727)',
      'OAuth authorization server metadata',
      'security.txt',
      'Web Bot Auth (signed agents)',
    ]);
    expect(new Set(table.map((row) => row.cells[0]))).toEqual(new Set(['Valid', 'Broken', 'Missing', 'Not checked']));
    const ucp = table[4]!;
    expect(ucp.cells).toEqual(['Broken', '2026-01-23', 'version 2026-01-23 is older than the current 2026-04-08signing_keys is missing']);
    expect($('table.signals tbody tr').eq(4).find('ul.problems li').length).toBe(2);
    expect(table[8]!.cells).toEqual(['Broken', '-', 'served as text/html: an HTML page, not JSON']);
    expect(table[0]!.cells).toEqual(['Valid', '-', '-']);
  });

  it('says where a declared version stands and lists what a valid document could improve, as text', () => {
    const result = sampleResult();
    const ucp = result.signals.findIndex((signal) => signal.id === 'ucp');
    result.signals[ucp] = {
      ...result.signals[ucp]!,
      status: 'valid',
      problems: [],
      versionStanding: 'older',
      warnings: ['version 2026-01-23 is older than the current 2026-04-08', attack],
    };
    const page = render(result);
    const row = page('table.signals tbody tr').eq(ucp);
    expect(row.find('td.version').text()).toBe('2026-01-23older, still read');
    expect(
      row
        .find('ul.problems li')
        .toArray()
        .map((item) => page(item).text()),
    ).toEqual(['To improve: version 2026-01-23 is older than the current 2026-04-08', `To improve: ${attack}`]);
    expect(page('table.signals script, table.signals img')).toHaveLength(0);
  });

  it('links the address only of documents the scan fetched, and shows the others as text', () => {
    const table = rows($);
    expect(table[0]).toMatchObject({ address: 'https://shop.example/robots.txt', link: 'https://shop.example/robots.txt' });
    expect(table[4]).toMatchObject({ address: 'https://shop.example/.well-known/ucp', link: 'https://shop.example/.well-known/ucp' });
    expect(table[2]).toMatchObject({ address: 'https://shop.example/llms.txt', link: null });
    expect(table[3]).toMatchObject({ address: 'https://shop.example/index.md', link: null });
    expect($('table.signals a').length).toBe(6);
    expect(
      $('table.signals a')
        .toArray()
        .every((a) => $(a).attr('rel') === 'nofollow noopener noreferrer'),
    ).toBe(true);
  });

  it('has human words for every document id the scanner knows', () => {
    const result = sampleResult();
    result.signals = signalIds.map((id) => ({ id, url: `https://shop.example/${id}`, status: 'missing', problems: [] }));
    const names = rows(render(result)).map((row) => row.name);
    expect(names).toHaveLength(signalIds.length);
    for (const [index, id] of signalIds.entries()) expect(names[index], id).not.toBe(id);
  });

  it('shows what a hostile shop wrote as text, and never links a script address', () => {
    const result = sampleResult();
    result.signals = [
      { id: 'ai_catalog', url: 'javascript:alert(3)', status: 'valid', version: attack, problems: [attack] },
      { id: 'ucp', url: `https://evil.example/${attack}`, status: 'invalid', problems: [attack, attack] },
      { id: 'llms_txt', url: attack, status: 'missing', problems: [] },
    ];
    const page = render(result);
    expect(page('script:not([src])').length).toBe(0);
    expect(page('img').length).toBe(0);
    expect(page('[onerror]').length).toBe(0);
    const table = rows(page);
    expect(table[0]).toMatchObject({ address: 'javascript:alert(3)', link: null, cells: ['Valid', attack, attack] });
    expect(table[1]).toMatchObject({ address: `https://evil.example/${attack}`, link: `https://evil.example/${attack}` });
    expect(
      page('table.signals ul.problems li')
        .toArray()
        .map((li) => page(li).text()),
    ).toEqual([attack, attack]);
    expect(table[2]).toMatchObject({ address: attack, link: null });
  });

  it('says a result without an inventory (stored before it) has none, and draws no empty table', () => {
    const page = render({ ...sampleResult(), signals: [] });
    expect(page('table.signals').length).toBe(0);
    expect(page('#signals-title').next('p').text()).toContain('does not list the agent-facing documents');
  });
});
