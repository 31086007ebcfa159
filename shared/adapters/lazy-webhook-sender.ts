import type { WebhookSender } from '#shared/adapters/webhook-sender.js';

/**
 * A webhook sender built on first use, by a dynamic import the bundler keeps out of the function's
 * start-up (node:https and the dispatcher): for the webhooks function, which sends only on a test.
 */
export function lazyWebhookSender(load: () => Promise<WebhookSender>): WebhookSender {
  let loading: Promise<WebhookSender> | undefined;
  const sender = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined; // a failed load is tried again by the next call
      throw error;
    });
    return loading;
  };
  return {
    post: async (url, body, headers, options) => (await sender()).post(url, body, headers, options),
    close: async () => {
      if (loading) await (await loading).close();
    },
  };
}
