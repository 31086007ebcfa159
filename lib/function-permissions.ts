import type { QueueName } from '#shared/adapters/queue.js';
import { routeList } from '#shared/http/routes.js';
import type { FunctionName } from '#lib/function-catalog.js';

/**
 * What each function may touch beyond the table, which every function reads and writes (rate-limit
 * counters, idempotency records, its own entities). Consuming a queue is granted by its event source.
 */
export interface FunctionAccess {
  /** Queues it enqueues into: send permission plus the queue's URL in its environment. */
  sendsTo: readonly QueueName[];
  /** Reads every queue's attributes: the health check. */
  probesQueues?: boolean;
  /** Reads the Stripe API key. */
  readsStripeSecret?: boolean;
  /** Sends e-mail through SES. */
  sendsMail?: boolean;
  /**
   * Reads the HMAC pepper without serving a Bearer route (those families read it anyway, see
   * `readsKeyPepper`): it digests API keys or sign-in tokens itself.
   */
  readsKeyPepper?: boolean;
}

export const functionAccess: Record<FunctionName, FunctionAccess> = {
  meta: { sendsTo: [], probesQueues: true },
  publicScanner: { sendsTo: ['webhook'] },
  scanner: { sendsTo: ['webhook'] },
  batch: { sendsTo: ['batch'] },
  auth: { sendsTo: ['mail'], readsKeyPepper: true },
  account: { sendsTo: [], readsStripeSecret: true },
  sites: { sendsTo: ['rescan'] },
  webhooks: { sendsTo: ['webhook'] },
  billing: { sendsTo: ['mail'], readsStripeSecret: true },
  batchScan: { sendsTo: ['webhook'] },
  rescanSweep: { sendsTo: ['rescan'] },
  rescanSite: { sendsTo: ['webhook', 'mail'] },
  webhookDelivery: { sendsTo: [] },
  mailSender: { sendsTo: [], sendsMail: true, readsKeyPepper: true },
};

/**
 * Functions that digest secrets with the pepper: every family serving a Bearer route (to check the
 * caller's key), auth (it checks sign-in tokens and issues a key when a link is exchanged) and the
 * mail sender (it creates the sign-in tokens it mails and stores their digests).
 */
export function readsKeyPepper(name: FunctionName): boolean {
  return functionAccess[name].readsKeyPepper === true || routeList.some((route) => route.family === name && route.auth === 'key');
}
