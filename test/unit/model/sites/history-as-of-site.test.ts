import { describe, expect, it } from 'vitest';
import { historyAsOfSite } from '#shared/model/sites/history-as-of-site.js';

const history = [
  { scanId: 'c', score: 70 },
  { scanId: 'b', score: 66 },
  { scanId: 'a', score: 98 },
];

describe('historyAsOfSite', () => {
  it('leaves out the snapshots newer than the scan the record names', () => {
    expect(historyAsOfSite(history, 'b').map((snapshot) => snapshot.scanId)).toEqual(['b', 'a']);
    expect(historyAsOfSite(history, 'a').map((snapshot) => snapshot.scanId)).toEqual(['a']);
  });

  it('keeps the whole list when the record names its newest snapshot, no scan, or one not in the list', () => {
    expect(historyAsOfSite(history, 'c')).toEqual(history);
    expect(historyAsOfSite(history, null)).toEqual(history);
    expect(historyAsOfSite(history, 'older-than-the-list')).toEqual(history);
    const withoutIds: Array<{ score: number; scanId?: string }> = [{ score: 50 }];
    expect(historyAsOfSite(withoutIds, 'a')).toEqual(withoutIds);
  });
});
