import { describe, expect, it } from 'vitest';
import { alertDigestMail } from '#shared/domain/mail/alert-digest-mail.js';
import { checkChanges, type DigestEntry } from '#shared/domain/rescans/digest-entry.js';
import type { CheckRecord, ScanResult } from '#shared/scanner/result.js';

function result(statuses: Record<string, CheckRecord['status']>): ScanResult {
  return { checks: Object.entries(statuses).map(([id, status]) => ({ id, title: `Check ${id}`, status })) } as unknown as ScanResult;
}

function entry(overrides: Partial<DigestEntry> = {}): DigestEntry {
  return {
    siteId: 's1', url: 'https://shop.example/', label: 'Shop', slot: '2026-W48', previousScore: 72, score: 58, scannedAt: '2026-11-23T06:01:00.000Z',
    worse: [{ id: 'gtin', title: 'Products carry GTINs', from: 'pass', to: 'fail' }],
    better: [{ id: 'robots', title: 'robots.txt lets agents in', from: 'warn', to: 'pass' }],
    topFix: { title: 'Add GTINs', fix: 'Put the GTIN in the Product JSON-LD.' },
    crossed: [{ condition: 'drops_below', value: 60 }],
    ...overrides,
  };
}

describe('check changes between two scans', () => {
  it('lists checks that got worse or better, ignoring those not assessed in both', () => {
    const changes = checkChanges(result({ a: 'pass', b: 'fail', c: 'warn', d: 'pass', e: 'not_assessed' }), result({ a: 'fail', b: 'pass', c: 'warn', d: 'not_applicable', e: 'fail', f: 'fail' }));
    expect(changes.worse.map((c) => [c.id, c.from, c.to])).toEqual([['a', 'pass', 'fail']]);
    expect(changes.better.map((c) => [c.id, c.from, c.to])).toEqual([['b', 'fail', 'pass']]);
    expect(checkChanges(null, result({ a: 'fail' }))).toEqual({ worse: [], better: [] });
  });
});

describe('the alert digest e-mail', () => {
  it('says old and new score, the crossed threshold, the checks that changed and the top fix', () => {
    const mail = alertDigestMail([entry()], 'Turn them off.');
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
    const many = alertDigestMail([hostile, ...Array.from({ length: 29 }, (_, index) => entry({ siteId: `s${index}`, previousScore: 50, score: 61 }))], 'x');
    expect(many.subject).toBe('Score changes on 30 watched sites');
    expect(many.html).not.toContain('<script>');
    expect(many.html).toContain('&lt;script&gt;');
    expect(many.text).toContain('…and 5 more sites.');
    expect(many.text).toContain('score 50 → 61 (+11)');
  });
});
