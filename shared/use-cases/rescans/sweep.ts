import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { dueSitesPage, moveDue } from '#shared/db/rescan-due-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { RescanMessage } from '#shared/model/rescans/rescan-message.js';
import { isoWeek, nextDueAt } from '#shared/model/rescans/schedule.js';

/**
 * One shard of one sweep, as a message on the sweep queue: the scheduled sweep sends one per shard,
 * and a shard whose invocation ran short of time sends itself on with `startKey`.
 */
export const SweepMessage = z.object({
  kind: z.literal('sweep'),
  shard: z.number().int().nonnegative(),
  /** The sweep's slot: its ISO week, or `run-<id>` for a forced run. */
  slot: z.string().min(1),
  /** Sites due at or before this moment; null: every site (a forced run). */
  upTo: z.string().nullable(),
  /** A weekly sweep moves each queued site's due date on; a forced run leaves it. */
  moveDue: z.boolean(),
  startKey: z.record(z.string(), z.unknown()).optional(),
});
export type SweepMessage = z.infer<typeof SweepMessage>;

/** The shard messages of a sweep started at `now`: the weekly one, or a forced run of every site (`all`). */
export function startSweep(now: number, all: boolean, shards: number): SweepMessage[] {
  const base = all
    ? { slot: `run-${randomUUID()}`, upTo: null, moveDue: false }
    : { slot: isoWeek(now), upTo: new Date(now).toISOString(), moveDue: true };
  return Array.from({ length: shards }, (_, shard) => ({ kind: 'sweep', shard, ...base }));
}

export interface ShardProgress {
  read: number;
  queued: number;
  /** Where the shard goes on, when time ran short; undefined when it is done. */
  continuation: SweepMessage | undefined;
}

// Writes per page run this many at a time: fast, without a burst that throttles the table.
const moveConcurrency = 25;

/**
 * Queues one rescan per due site of a shard, a page at a time (one keys-only index read per site),
 * with SendMessageBatch, then moves each queued site's due date on (a conditional write, so two
 * overlapping sweeps never both move one site and a second sweep in the week finds nothing due).
 * Stops between pages when `hasTime` says so and returns where to go on.
 */
export async function sweepShard(
  message: SweepMessage,
  deps: Pick<Dependencies, 'config' | 'table' | 'clock' | 'queue'>,
  hasTime: () => boolean,
): Promise<ShardProgress> {
  let startKey = message.startKey;
  let read = 0;
  let queued = 0;
  for (;;) {
    const page = await dueSitesPage(deps.table, {
      shard: message.shard,
      upTo: message.upTo,
      limit: deps.config.rescanSweepPageSize,
      startKey,
    });
    read += page.sites.length;
    if (page.sites.length > 0) {
      const rescans = page.sites.map((site): RescanMessage => ({
        kind: 'rescan',
        accountId: site.accountId,
        siteId: site.siteId,
        slot: message.slot,
        deferrals: 0,
      }));
      await deps.queue.sendMany('rescan', rescans);
      queued += rescans.length;
      if (message.moveDue && message.upTo !== null) {
        // From the sweep's own moment, so a moved site is never due again within this sweep.
        const next = { shard: message.shard, dueAt: nextDueAt(Math.max(Date.parse(message.upTo), deps.clock.now()), deps.config) };
        for (let start = 0; start < page.sites.length; start += moveConcurrency) {
          await Promise.all(page.sites.slice(start, start + moveConcurrency).map((site) => moveDue(deps.table, site, next)));
        }
      }
    }
    startKey = page.nextKey;
    if (!startKey) return { read, queued, continuation: undefined };
    if (!hasTime()) return { read, queued, continuation: { ...message, startKey } };
  }
}
