import { describe, expect, it } from 'vitest';
import { parseRobotsTxt } from '#shared/scanner/parse/robots.js';
import { tdmFromHeaders, tdmFromMetas } from '#shared/scanner/parse/tdmrep.js';
import type { TdmDeclaration } from '#shared/scanner/parse/tdmrep.js';
import { pageUsagePreferences } from '#shared/scanner/parse/usage-preferences.js';

const robots = (body: string) => parseRobotsTxt({ status: 200, body, contentType: 'text/plain' });
const page = 'https://shop.example/products/oak-desk';

function declared(value: TdmDeclaration | null): TdmDeclaration[] {
  return value ? [value] : [];
}

// The Cloudflare managed robots.txt shape, with an aipref line for one path.
const managed = [
  '# As a condition of accessing this website, you agree to abide by the following content signals:',
  'User-agent: *',
  'Content-Signal: search=yes, ai-train=no',
  'Allow: /',
  'Disallow: /checkout',
  'Content-Usage: /press/ train-ai=y',
  '',
].join('\n');

describe('pageUsagePreferences', () => {
  it('finds no conflict when the header repeats what robots.txt says', () => {
    const result = pageUsagePreferences({ robots: robots(managed), pageUrl: page, contentUsageHeader: 'train-ai=n, search=y', tdm: [] });
    expect(result.header).toMatchObject({ preferences: { 'ai-train': false, search: true }, valid: true });
    expect(result.conflicts).toEqual([]);
    expect(result.problems).toEqual([]);
  });

  it('flags a header that allows what the robots.txt lines for every crawler refuse', () => {
    const result = pageUsagePreferences({ robots: robots(managed), pageUrl: page, contentUsageHeader: 'train-ai=y', tdm: [] });
    expect(result.conflicts).toEqual([
      {
        kind: 'header_vs_robots',
        detail: 'the Content-Usage header allows AI training but robots.txt line 3 (Content-Signal) refuses it',
      },
    ]);
  });

  it('uses the robots.txt line with the longest matching path, as the attach draft does', () => {
    const press = 'https://shop.example/press/kit';
    expect(pageUsagePreferences({ robots: robots(managed), pageUrl: press, contentUsageHeader: 'train-ai=y', tdm: [] }).conflicts).toEqual(
      [],
    );
    expect(pageUsagePreferences({ robots: robots(managed), pageUrl: press, contentUsageHeader: 'train-ai=n', tdm: [] }).conflicts).toEqual([
      { kind: 'header_vs_robots', detail: 'the Content-Usage header refuses AI training but robots.txt line 6 (Content-Usage) allows it' },
    ]);
  });

  it('ignores lines for one named crawler when comparing with the header', () => {
    const file = robots('User-agent: GPTBot\nContent-Signal: ai-train=yes\nAllow: /\n\nUser-agent: *\nAllow: /\n');
    expect(pageUsagePreferences({ robots: file, pageUrl: page, contentUsageHeader: 'train-ai=n', tdm: [] }).conflicts).toEqual([]);
  });

  it('flags a header that grants a use on a page closed to every crawler', () => {
    const closed = robots('User-agent: *\nDisallow: /products/\n');
    expect(pageUsagePreferences({ robots: closed, pageUrl: page, contentUsageHeader: 'search=y, train-ai=n', tdm: [] }).conflicts).toEqual([
      {
        kind: 'header_grant_without_access',
        detail: 'the Content-Usage header allows search but robots.txt disallows this page for every crawler',
      },
    ]);
    const openToOne = robots('User-agent: *\nDisallow: /products/\n\nUser-agent: OAI-SearchBot\nAllow: /\n');
    expect(pageUsagePreferences({ robots: openToOne, pageUrl: page, contentUsageHeader: 'search=y', tdm: [] }).conflicts).toEqual([]);
  });

  it('reads the current vocabulary labels and reports a malformed header', () => {
    const current = pageUsagePreferences({
      robots: robots('User-agent: *\nAllow: /\n'),
      pageUrl: page,
      contentUsageHeader: 'ai-use=n, search=y',
      tdm: [],
    });
    expect(current.header?.preferences).toEqual({ 'ai-input': false, search: true });
    const malformed = pageUsagePreferences({
      robots: robots('User-agent: *\nAllow: /\n'),
      pageUrl: page,
      contentUsageHeader: 'train-ai=no',
      tdm: [],
    });
    expect(malformed.problems).toEqual(['Content-Usage train-ai=no: value must be y or n']);
    const unknown = pageUsagePreferences({
      robots: robots('User-agent: *\nAllow: /\n'),
      pageUrl: page,
      contentUsageHeader: 'scrape=n',
      tdm: [],
    });
    expect(unknown.problems).toContain('Content-Usage in the response header has no recognised key');
  });

  it('flags a TDM reservation next to an explicit grant of AI training', () => {
    const grant = robots('User-agent: *\nContent-Signal: search=yes, ai-train=yes\nAllow: /\n');
    const result = pageUsagePreferences({
      robots: grant,
      pageUrl: page,
      contentUsageHeader: undefined,
      tdm: declared(tdmFromHeaders({ 'tdm-reservation': '1' })),
    });
    expect(result.tdmApplied).toMatchObject({ source: 'header', reservation: true });
    expect(result.conflicts).toEqual([
      {
        kind: 'tdm_vs_grant',
        detail:
          'the tdm-reservation header reserves text and data mining but robots.txt line 2 (Content-Signal: search=yes, ai-train=yes) allows AI training',
      },
    ]);
  });

  it('accepts a TDM reservation beside ai-train=no, and tdm-reservation 0 beside anything', () => {
    const refuse = robots(managed);
    const reserved = declared(tdmFromMetas([{ name: 'tdm-reservation', content: '1' }]));
    expect(pageUsagePreferences({ robots: refuse, pageUrl: page, contentUsageHeader: 'train-ai=n', tdm: reserved }).conflicts).toEqual([]);
    const open = declared(tdmFromHeaders({ 'tdm-reservation': '0' }));
    expect(pageUsagePreferences({ robots: refuse, pageUrl: page, contentUsageHeader: undefined, tdm: open }).conflicts).toEqual([]);
  });

  it('reports TDMRep sources that disagree, and which one applies', () => {
    const tdm = [
      ...declared(tdmFromHeaders({ 'tdm-reservation': '0' })),
      ...declared(tdmFromMetas([{ name: 'tdm-reservation', content: '1' }])),
    ];
    const result = pageUsagePreferences({ robots: robots('User-agent: *\nAllow: /\n'), pageUrl: page, contentUsageHeader: undefined, tdm });
    expect(result.problems).toEqual(['TDMRep sources disagree (header: 0, meta: 1); header applies']);
    expect(result.conflicts).toEqual([]);
  });
});
