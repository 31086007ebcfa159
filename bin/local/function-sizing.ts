import type { QueueName } from '#shared/adapters/queue.js';
import type { Family } from '#shared/http/route-types.js';
import { capacityDefaults } from '#lib/capacity-settings.js';
import {
  apiFunctions,
  consumerOf,
  reservedConcurrencyOf,
  visibilityTimeoutFactor,
  workerNames,
  workers,
  type WorkerName,
} from '#lib/function-catalog.js';

/** The deployed functions' names, timeouts and batch sizes (lib/function-catalog.ts), as the local stack applies them. */
export interface LocalFunction {
  functionName: string;
  timeoutMs: number;
  memoryMiB: number;
}

export function httpFunction(family: Family): LocalFunction {
  const sizing = apiFunctions[family];
  return { functionName: `local-${family}`, timeoutMs: sizing.timeoutSeconds * 1_000, memoryMiB: sizing.memoryMiB };
}

export function workerFunction(name: WorkerName): LocalFunction {
  const sizing = workers[name];
  return { functionName: `local-${name}`, timeoutMs: sizing.timeoutSeconds * 1_000, memoryMiB: sizing.memoryMiB };
}

export function queueConsumer(queue: QueueName): LocalFunction & { batchSize: number } {
  const name = consumerOf(queue);
  const trigger = workers[name].trigger;
  return { ...workerFunction(name), batchSize: trigger.batchSize };
}

/** Long enough that a message is never redelivered while its consumer may still be running. */
export function queueVisibilityTimeoutSeconds(queue: QueueName): number {
  return workers[consumerOf(queue)].timeoutSeconds * visibilityTimeoutFactor;
}

/** The deployed event source's maximum concurrency for the queue's worker (lib/constructs/service-functions.ts). */
export function queuePollers(queue: QueueName): number {
  return reservedConcurrencyOf(consumerOf(queue), capacityDefaults) ?? capacityDefaults.workerConcurrency;
}

/** Queues whose worker also consumes their dead-letter queue. */
export function deadLetterConsumingQueues(): QueueName[] {
  return workerNames.flatMap((name) => {
    const trigger = workers[name].trigger;
    return trigger.kind === 'queue' && trigger.deadLetters === 'consume' ? [trigger.queue] : [];
  });
}
