import type { ScheduledEvent } from 'aws-lambda';
import { getDependencies } from '#shared/dependencies.js';

/** The weekly schedule's target. The sweep itself (finding due sites) lands with the watched-sites issue. */
export const handler = async (_event: Pick<ScheduledEvent, 'time'> & { all?: boolean }): Promise<{ queued: number }> => {
  getDependencies().logger.warn('The rescan sweep is not implemented yet; nothing was queued');
  return { queued: 0 };
};
