import type { Context, ScheduledEvent, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { createQueue } from '#shared/adapters/queue.js';
import { queueBatchHandler } from '#functions/workers/queue-worker.js';
import { getConfig, type Config } from '#shared/config.js';
import { createTable } from '#shared/db/client.js';
import { composeDependencies } from '#shared/dependencies.js';
import { startSweep, sweepShard, SweepMessage } from '#shared/use-cases/rescans/sweep.js';

/** Time kept back to send the continuation and answer before the function's time-out. */
const reserveMs = 20_000;

/** The parts this worker is built with, and the only ones its handling is given. */
export function wire(config: Config) {
  return { table: createTable(config), queue: createQueue(config) };
}

const config = getConfig();
const deps = composeDependencies(config, wire(config));

/** A shard message: sweep it until time runs short, then send the rest on as a new message. */
const continueShard = queueBatchHandler(
  'sweep',
  SweepMessage,
  async (message, _deps, _record, context) => {
    const progress = await sweepShard(message, deps, () => context.getRemainingTimeInMillis() > reserveMs);
    if (progress.continuation) await deps.queue.send('sweep', progress.continuation);
    deps.logger.info('Sweep shard progress', {
      shard: message.shard,
      slot: message.slot,
      read: progress.read,
      queued: progress.queued,
      done: !progress.continuation,
    });
  },
  deps,
);

type SweepEvent = Pick<ScheduledEvent, 'time'> & { all?: boolean };

/**
 * The weekly rule's target and the sweep queue's consumer. The rule's event starts a sweep: one
 * message per shard of the due index (`all`, from `npm run rescan -- --all`, sweeps every site);
 * each shard's messages then do the bounded work.
 */
export const handler = async (
  event: SweepEvent | SQSEvent,
  context: Context,
): Promise<SQSBatchResponse | { shards: number; slot: string }> => {
  if ('Records' in event) return continueShard(event, context);
  const messages = startSweep(Date.parse(event.time) || deps.clock.now(), event.all === true, config.rescanDueShards);
  await deps.queue.sendMany('sweep', messages);
  deps.logger.info('Sweep started', { slot: messages[0]?.slot, shards: messages.length, all: event.all === true });
  return { shards: messages.length, slot: messages[0]?.slot ?? '' };
};
