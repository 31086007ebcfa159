import type { ScheduledEvent } from 'aws-lambda';
import { getDependencies } from '#shared/dependencies.js';

/** The weekly schedule's target. Finding and queueing due sites is not built yet (the weekly-rescans issue); it queues nothing. */
export const handler = async (_event: Pick<ScheduledEvent, 'time'> & { all?: boolean }): Promise<{ queued: number }> => {
  getDependencies().logger.warn('The rescan sweep is not implemented yet; nothing was queued');
  return { queued: 0 };
};
