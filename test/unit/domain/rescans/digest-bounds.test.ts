import { describe, expect, it } from 'vitest';
import { configDefaults } from '#shared/config.js';
import { boundedEntry, entryBounds, type DigestEntry } from '#shared/model/rescans/digest-entry.js';

const long = (length: number) => 'x'.repeat(length);

/** An entry as large as anything a rescan could produce: every text at or past its bound. */
function hugeEntry(): DigestEntry {
  const change = (index: number) => ({ id: `${long(200)}${index}`, title: long(1000), from: 'pass' as const, to: 'fail' as const });
  return {
    siteId: '00000000-0000-4000-8000-000000000000',
    url: `https://shop.example/${long(5000)}`,
    label: long(1000),
    slot: `run-${'0'.repeat(36)}`,
    previousScore: 100,
    score: 1,
    scannedAt: '2026-11-23T06:01:00.000Z',
    worse: Array.from({ length: 80 }, (_, index) => change(index)),
    better: Array.from({ length: 80 }, (_, index) => change(index)),
    topFix: { title: long(1000), fix: long(10_000) },
    crossed: Array.from({ length: 50 }, () => ({ condition: 'changes_by' as const, value: 100 })),
  };
}

describe('a digest entry', () => {
  it('keeps the first changes of each kind, counts the rest and cuts long texts', () => {
    const entry = boundedEntry(hugeEntry());
    expect(entry.worse).toHaveLength(entryBounds.checksEachWay);
    expect(entry.better).toHaveLength(entryBounds.checksEachWay);
    expect(entry.moreChecks).toBe(150);
    expect(entry.url).toHaveLength(entryBounds.url);
    expect(entry.worse[0]!.title.endsWith('…')).toBe(true);
    expect(entry.crossed).toHaveLength(entryBounds.crossed);
    expect(boundedEntry(boundedEntry(hugeEntry())).moreChecks).toBe(150);
  });

  it('is small enough that a full digest stays far under DynamoDB’s 400 KB item limit', () => {
    const bytes = Buffer.byteLength(JSON.stringify(boundedEntry(hugeEntry())));
    // JSON spends more bytes than DynamoDB's item size (quotes, braces), so this is an upper bound.
    expect(bytes).toBeLessThan(5_500);
    expect(bytes * configDefaults.alertDigestMaxSites).toBeLessThan(275 * 1024);
  });
});
