import { z } from 'zod';
import type { Dependencies } from '#shared/dependencies.js';

/** One site's rescan for one sweep: `slot` is the sweep's ISO week, or a forced run's id (`run-…`). */
export const RescanMessage = z.object({
  kind: z.literal('rescan'),
  accountId: z.string().min(1),
  siteId: z.string().min(1),
  slot: z.string().min(1),
  /** Times the message was put back to wait for its host (politeness), so it cannot wait for ever. */
  deferrals: z.number().int().nonnegative().default(0),
});
export type RescanMessage = z.infer<typeof RescanMessage>;

/** Queues one site's rescan; a failure is logged, and the site stays due for the next sweep. */
export async function queueRescan(
  rescan: Omit<RescanMessage, 'kind' | 'deferrals'>,
  deps: Pick<Dependencies, 'queue' | 'logger'>,
): Promise<void> {
  try {
    await deps.queue.send('rescan', { kind: 'rescan', ...rescan, deferrals: 0 } satisfies RescanMessage);
  } catch (error) {
    deps.logger.error('Could not queue a rescan; the next sweep will', { siteId: rescan.siteId, error: error as Error });
  }
}
