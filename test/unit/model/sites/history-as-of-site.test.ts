import { describe, expect, it } from 'vitest';
import { historyAsOfSite } from '#shared/model/sites/history-as-of-site.js';

const history = [
  { scanId: 'c', score: 70 },
  { scanId: 'b', score: 66 },
  { scanId: 'a', score: 98 },
];

/** A record scored when read, naming `lastScanId` as its last scan. */
const scored = (lastScanId: string | null) => ({ lastScanId, lastScore: 70 });

describe('historyAsOfSite', () => {
  it('leaves out the snapshots newer than the scan the record names', () => {
    expect(historyAsOfSite(history, scored('b')).map((snapshot) => snapshot.scanId)).toEqual(['b', 'a']);
    expect(historyAsOfSite(history, scored('a')).map((snapshot) => snapshot.scanId)).toEqual(['a']);
  });

  it('gives a record never scored when read no history: its first scan landed after the read', () => {
    expect(historyAsOfSite(history, { lastScanId: null, lastScore: null })).toEqual([]);
  });

  it('keeps the whole list when a scored record names its newest snapshot, no scan, or one not in the list', () => {
    expect(historyAsOfSite(history, scored('c'))).toEqual(history);
    expect(historyAsOfSite(history, scored(null))).toEqual(history);
    expect(historyAsOfSite(history, scored('older-than-the-list'))).toEqual(history);
    const withoutIds: Array<{ score: number; scanId?: string }> = [{ score: 50 }];
    expect(historyAsOfSite(withoutIds, scored('a'))).toEqual(withoutIds);
  });
});
