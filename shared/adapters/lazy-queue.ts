import type { Queue } from '#shared/adapters/queue.js';

/**
 * A queue whose client is built on first use, by a dynamic import the bundler keeps out of the
 * function's start-up: for a function that touches a queue only on a rare route (meta's health check).
 */
export function lazyQueue(load: () => Promise<Queue>): Queue {
  let loading: Promise<Queue> | undefined;
  const queue = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined; // a failed load is tried again by the next call
      throw error;
    });
    return loading;
  };
  return {
    send: async (name, message, options) => (await queue()).send(name, message, options),
    sendMany: async (name, messages) => (await queue()).sendMany(name, messages),
    retryLater: async (name, receiptHandle, seconds) => (await queue()).retryLater(name, receiptHandle, seconds),
    ping: async () => (await queue()).ping(),
  };
}
