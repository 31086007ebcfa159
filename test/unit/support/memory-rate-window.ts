import type { HitRecord, RateWindowStore, WindowKey } from '#shared/model/rate-limiter.js';
import type { WindowState } from '#shared/model/rate-window.js';

interface StoredWindow {
  head: number;
  counts: Map<number, number>;
}

/**
 * The counters store in memory, with the same atomic conditional write as DynamoDB's UpdateItem.
 * `yieldPoint` runs before every operation, so a fast-check scheduler can interleave concurrent callers;
 * `operations` counts the store calls, the cost of a request.
 */
export function memoryRateWindowStore(yieldPoint: () => Promise<void> = () => Promise.resolve()) {
  const windows = new Map<string, StoredWindow>();
  const operations = { reads: 0, writes: 0 };
  const id = (key: WindowKey) => `${key.rule}\u0000${key.subject}\u0000${key.bucketMs}`;
  const store: RateWindowStore = {
    async read(key): Promise<WindowState | null> {
      await yieldPoint();
      operations.reads += 1;
      const stored = windows.get(id(key));
      return stored ? { head: stored.head, counts: new Map(stored.counts) } : null;
    },
    async record({ key, bucket, expect, prune }: HitRecord) {
      await yieldPoint();
      operations.writes += 1;
      const stored = windows.get(id(key));
      const count = (index: number) => stored?.counts.get(index) ?? 0;
      const holds =
        expect.kind === 'absent'
          ? stored === undefined
          : stored !== undefined &&
            stored.head === expect.head &&
            (expect.kind === 'same-head' ? count(bucket) < expect.room : count(expect.head) <= expect.headCount);
      if (!holds) return false;
      const next = stored ?? { head: bucket, counts: new Map<number, number>() };
      for (const index of prune) next.counts.delete(index);
      next.counts.set(bucket, count(bucket) + 1);
      next.head = bucket;
      windows.set(id(key), next);
      return true;
    },
    async refund(key, bucket) {
      await yieldPoint();
      operations.writes += 1;
      const stored = windows.get(id(key));
      const count = stored?.counts.get(bucket) ?? 0;
      if (stored && count > 0) stored.counts.set(bucket, count - 1);
    },
  };
  /** Hits currently stored, for checks that nothing was lost or invented. */
  const storedHits = () => [...windows.values()].reduce((sum, window) => sum + [...window.counts.values()].reduce((a, b) => a + b, 0), 0);
  return { store, windows, operations, storedHits };
}
