import type { Dependencies } from '#shared/dependencies.js';
import type { RescanMessage } from '#shared/model/rescans/rescan-message.js';

/** Queues one site's rescan; a failure is logged, and the site stays due for the next sweep. */
export async function queueRescan(
  rescan: Omit<RescanMessage, 'kind' | 'deferrals'>,
  deps: Pick<Dependencies, 'logger' | 'queue'>,
): Promise<void> {
  try {
    await deps.queue.send('rescan', { kind: 'rescan', ...rescan, deferrals: 0 } satisfies RescanMessage);
  } catch (error) {
    deps.logger.error('Could not queue a rescan; the next sweep will', { siteId: rescan.siteId, error: error as Error });
  }
}
