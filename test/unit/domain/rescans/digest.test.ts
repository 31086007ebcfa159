import { describe, expect, it } from 'vitest';
import { alertDigestMail, dashboardLinks } from '#shared/model/mail/alert-digest-mail.js';
import { checkChanges, type DigestEntry } from '#shared/model/rescans/digest-entry.js';
import type { CheckRecord, ScanResult } from '#shared/model/scans/scan-result.js';

function result(statuses: Record<string, CheckRecord['status']>): ScanResult {
  return { checks: Object.entries(statuses).map(([id, status]) => ({ id, title: `Check ${id}`, status })) } as unknown as ScanResult;
}

function entry(overrides: Partial<DigestEntry> = {}): DigestEntry {
  return {
    siteId: 's1',
    url: 'https://shop.example/',
    label: 'Shop',
    slot: '2026-W48',
    previousScore: 72,
    score: 58,
    scannedAt: '2026-11-23T06:01:00.000Z',
    worse: [{ id: 'gtin', title: 'Products carry GTINs', from: 'pass', to: 'fail' }],
    better: [{ id: 'robots', title: 'robots.txt lets agents in', from: 'warn', to: 'pass' }],
    topFix: { title: 'Add GTINs', fix: 'Put the GTIN in the Product JSON-LD.' },
    crossed: [{ condition: 'drops_below', value: 60 }],
    ...overrides,
  };
}

describe('check changes between two scans', () => {
  it('lists checks that got worse or better, ignoring those not assessed in both', () => {
    const changes = checkChanges(
      result({ a: 'pass', b: 'fail', c: 'warn', d: 'pass', e: 'not_assessed' }),
      result({ a: 'fail', b: 'pass', c: 'warn', d: 'not_applicable', e: 'fail', f: 'fail' }),
    );
    expect(changes.worse.map((c) => [c.id, c.from, c.to])).toEqual([['a', 'pass', 'fail']]);
    expect(changes.better.map((c) => [c.id, c.from, c.to])).toEqual([['b', 'fail', 'pass']]);
    expect(checkChanges(null, result({ a: 'fail' }))).toEqual({ worse: [], better: [] });
  });
});

const input = (entries: DigestEntry[], dropped = 0) => ({
  entries,
  dropped,
  unsubscribeUrl: (siteIds: readonly string[]) => `https://api.example.com/api/v1/alerts/unsubscribe?token=${siteIds.join('_')}`,
  links: dashboardLinks('https://app.example.com'),
  settingsHint: 'Turn them off.',
});

describe('the alert digest e-mail', () => {
  it('says old and new score, the crossed threshold, the checks that changed and the top fix', () => {
    const mail = alertDigestMail(input([entry()]));
    expect(mail.subject).toBe('Shop: score 72 → 58 (−14)');
    expect(mail.text).toContain('Shop (https://shop.example/): score 72 → 58 (−14)');
    expect(mail.text).toContain('  - Threshold: the score dropped below 60.');
    expect(mail.text).toContain('  - Worse: Products carry GTINs (pass → fail)');
    expect(mail.text).toContain('  - Better: robots.txt lets agents in (warn → pass)');
    expect(mail.text).toContain('  - Top fix: Add GTINs. Put the GTIN in the Product JSON-LD.');
    expect(mail.html).toContain('<li>Worse: Products carry GTINs (pass → fail)</li>');
  });

  it('escapes what shops control in the HTML, and counts the sites beyond the first 25', () => {
    const hostile = entry({ label: '<script>alert(1)</script>', topFix: null, crossed: [], better: [] });
    const many = alertDigestMail(
      input([hostile, ...Array.from({ length: 29 }, (_, index) => entry({ siteId: `s${index}`, previousScore: 50, score: 61 }))]),
    );
    expect(many.subject).toBe('Score changes on 30 watched sites');
    expect(many.html).not.toContain('<script>');
    expect(many.html).toContain('&lt;script&gt;');
    expect(many.text).toContain('…and 5 more site changes');
    expect(many.text).toContain('score 50 → 61 (+11)');
  });

  it('carries one-click unsubscribe for the sites it lists, and a visible link per site', () => {
    const one = alertDigestMail(input([entry()]));
    expect(one.headers).toEqual([
      { name: 'List-Unsubscribe', value: '<https://api.example.com/api/v1/alerts/unsubscribe?token=s1>' },
      { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
    ]);
    expect(one.text).toContain('Turn off alerts for this site: https://api.example.com/api/v1/alerts/unsubscribe?token=s1');
    expect(one.html).toContain('<a href="https://api.example.com/api/v1/alerts/unsubscribe?token=s1">Turn off alerts for this site</a>');

    const sites = Array.from({ length: 30 }, (_, index) => entry({ siteId: `s${index}`, label: `Shop ${index}` }));
    const many = alertDigestMail(input(sites));
    const listed = sites
      .slice(0, 25)
      .map((site) => site.siteId)
      .join('_');
    expect(many.headers[0]!.value).toBe(`<https://api.example.com/api/v1/alerts/unsubscribe?token=${listed}>`);
    expect(many.text).toContain('Turn off alerts for this site: https://api.example.com/api/v1/alerts/unsubscribe?token=s24\n');
    expect(many.text).not.toContain('token=s25');
    expect(many.html).toContain('<a href="https://api.example.com/api/v1/alerts/unsubscribe?token=s3">Turn off alerts for this site</a>');
    expect(many.text).toContain(
      `Turn off alerts for the 25 sites above: https://api.example.com/api/v1/alerts/unsubscribe?token=${listed}`,
    );
  });

  it('says how many changes the digest had no room for', () => {
    const mail = alertDigestMail(input([entry()], 7));
    expect(mail.subject).toBe('Score changes on more than 1 watched site');
    expect(mail.text).toContain('…and 7 more site changes');
    expect(mail.html).toContain('…and 7 more site changes');
    expect(alertDigestMail(input([entry({ moreChecks: 3 })])).text).toContain('  - …and 3 more changed checks.');
  });

  it("links each site's report and page in the dashboard, from the public base address", () => {
    const mail = alertDigestMail(input([entry({ scanId: 'scan-1' }), entry({ siteId: 's2', label: 'Old entry' })]));
    expect(mail.text).toContain('  Report: https://app.example.com/app/scans/scan-1\n');
    expect(mail.text).toContain('  Site page (history, thresholds, alerts): https://app.example.com/app/sites/s1\n');
    expect(mail.html).toContain('<a href="https://app.example.com/app/scans/scan-1">Report</a>');
    expect(mail.html).toContain('<a href="https://app.example.com/app/sites/s2">Site page (history, thresholds, alerts)</a>');
    // An entry stored before entries kept their scan links only the site's page.
    expect(mail.text.split('Old entry (')[1]).not.toContain('Report:');
  });
});
