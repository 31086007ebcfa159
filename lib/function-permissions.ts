import type { QueueName } from '#shared/adapters/queue.js';
import { routeList } from '#shared/http/routes.js';
import type { IndexName } from '#shared/db/table-definition.js';
import type { FunctionName } from '#lib/function-catalog.js';

/** DynamoDB item actions (a transaction is authorised by the actions of its items); never Scan. */
export type TableAction = 'GetItem' | 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'Query' | 'BatchGetItem' | 'BatchWriteItem';

/**
 * What each function may touch: exactly the DynamoDB actions its code uses (shared/use-cases -> shared/db),
 * the indexes it queries, its queues, secrets and SES. CDK grants this and nothing else, and an infra
 * test compares the synthesised policies with this table. Consuming a queue is granted by its event source.
 */
export interface FunctionAccess {
  /** Item actions on the table. */
  table: readonly TableAction[];
  /** Indexes it queries. */
  indexes?: readonly IndexName[];
  /** Queues it enqueues into: send permission plus the queue's URL in its environment. */
  sendsTo: readonly QueueName[];
  /** Reads every queue's attributes: the health check. */
  probesQueues?: boolean;
  /** Reads the Stripe API key and webhook signing secret, and gets the Stripe settings. */
  usesStripe?: boolean;
  /**
   * Reads the sealing key (its secret, and through Secrets Manager the KMS key protecting it): webhook signing secrets
   * and the owners' ACP tokens are sealed with it.
   */
  readsWebhookSealingKey?: boolean;
  /** Sends e-mail through SES. */
  sendsMail?: boolean;
  /**
   * Reads the HMAC pepper without serving a Bearer route (those families read it anyway, see
   * `readsKeyPepper`): it digests API keys or sign-in tokens itself.
   */
  readsKeyPepper?: boolean;
  /** Reads the Web Bot Auth key secret: it scans (each scan signs one request) or serves the key directory. */
  readsWebBotAuthKey?: boolean;
}

// What the shared steps need. A Bearer route reads its key and account and raises the usage counters
// (and lastUsedAt); a rolling-window limit reads its counters item and updates it (a refund, as for
// public scans on 502/504, is an update too).
const bearer: TableAction[] = ['GetItem', 'UpdateItem'];
const rateLimited: TableAction[] = ['GetItem', 'UpdateItem'];
const uniq = (...groups: TableAction[][]): TableAction[] => [...new Set(groups.flat())].sort();

/**
 * Functions whose issue has not landed get only what their code does today (nothing, for the
 * placeholders); each issue widens its function's row deliberately.
 */
export const functionAccess: Record<FunctionName, FunctionAccess> = {
  // Health reads one item; pricing is rate limited; it serves the Web Bot Auth key directory.
  meta: { table: uniq(['GetItem'], rateLimited), sendsTo: [], probesQueues: true, readsWebBotAuthKey: true },
  // Reads public results for their report pages and badges, and a public site badge's lookup item and site.
  web: { table: ['GetItem'], sendsTo: [] },
  // Stores and reads public results and the progress of running scans; refunds a hit when the target fails;
  // scans sign with the Web Bot Auth key (as the scanner, mcp, batchScan and rescanSite do).
  publicScanner: { table: uniq(['GetItem', 'PutItem', 'UpdateItem'], rateLimited), sendsTo: [], readsWebBotAuthKey: true },
  // Owned results (with the account's count, in one transaction) and their listing on gsi1; the
  // dashboard's report reads have the account routes' hourly limit.
  scanner: {
    table: uniq(bearer, rateLimited, ['PutItem', 'BatchGetItem']),
    indexes: ['gsi1'],
    sendsTo: ['webhook'],
    readsWebBotAuthKey: true,
  },
  // The batch, its items and the account's count in one transaction; the detail is one Query of the
  // batch's partition; the listing reads gsi1 then the batches.
  batch: { table: uniq(bearer, ['PutItem', 'Query', 'BatchGetItem']), indexes: ['gsi1'], sendsTo: ['batch'] },
  // Register is rate limited; verify consumes the token and writes the key and its entry (or a dashboard
  // session) in one transaction; sign-out reads the session and its account and deletes the session.
  auth: {
    table: uniq(rateLimited, ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchGetItem']),
    sendsTo: ['mail'],
    readsKeyPepper: true,
  },
  // Account routes have their own hourly limit; keys are listed, created and revoked in the account's partition;
  // the overview reads the newest scans (gsi1), the watched sites with their history and the webhooks.
  account: { table: uniq(bearer, rateLimited, ['Query', 'PutItem', 'DeleteItem', 'BatchGetItem']), indexes: ['gsi1'], sendsTo: [] },
  // Watched sites, their URL markers and history in the account's partition; an added site's first
  // scan is queued; a deleted site's history is removed in batches; the comparison reads the sites' last scans.
  // The owner's ACP token is sealed with the sealing key before it is stored.
  sites: {
    table: uniq(bearer, ['Query', 'PutItem', 'DeleteItem', 'BatchWriteItem', 'BatchGetItem']),
    sendsTo: ['rescan'],
    readsWebhookSealingKey: true,
  },
  // Endpoints in the account's partition with the account's count (transactions); the signing secret
  // sealed with the sealing key (and opened for test deliveries, rate limited per webhook, logged with the
  // endpoint's outcome); the delivery log queried; a redelivery claims its delivery and sends it at once.
  webhooks: { table: uniq(bearer, rateLimited, ['Query', 'PutItem', 'DeleteItem']), sendsTo: [], readsWebhookSealingKey: true },
  // Subscribe and manage are Bearer routes with the account limit; the customer and its lookup item in one
  // transaction; a subscription's state onto the account; each Stripe event marked once (a lease); a plan
  // change lists the watched sites and queues their rescans at the new depth.
  billing: { table: uniq(bearer, rateLimited, ['Query', 'PutItem', 'DeleteItem']), sendsTo: ['rescan'], usesStripe: true },
  // The tools do what the scanner and sites functions do for their routes: owned scans with the account's count
  // (scan_complete queued), the scan read back, the watchlist listed and added to (its first scan queued); the
  // envelope has the account routes' hourly limit; scans sign with the Web Bot Auth key; compare_sites
  // reads the sites' last scans in batches, as the sites function's comparison does.
  mcp: {
    table: uniq(bearer, rateLimited, ['PutItem', 'Query', 'BatchGetItem']),
    sendsTo: ['webhook', 'rescan'],
    readsWebBotAuthKey: true,
  },
  // An item claimed (a lease) with a slot of its host (put/deleted), usage counted, the owned scan and
  // the account's count, the item's outcome with the batch's count, and the final transition; an item
  // whose host is busy goes back on its queue, delayed.
  batchScan: { table: ['DeleteItem', 'GetItem', 'PutItem', 'UpdateItem'], sendsTo: ['batch', 'webhook'], readsWebBotAuthKey: true },
  // Reads the due index (keys only) and moves each queued site's due date; shards go on over its queue.
  rescanSweep: { table: ['UpdateItem'], indexes: ['gsi2'], sendsTo: ['rescan', 'sweep'] },
  // The site, its account and previous result; host and job leases; the result with the account's count,
  // the site's score and history (the oldest snapshot dropped) in one transaction; alerts and the digest.
  rescanSite: {
    table: uniq(['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem']),
    sendsTo: ['rescan', 'webhook', 'mail'],
    readsWebBotAuthKey: true,
    // A proven site's checkout drive opens the owner's sealed ACP token.
    readsWebhookSealingKey: true,
  },
  // Fan-out reads the account and its endpoints and writes one delivery each, queued; an attempt claims
  // its delivery, opens the secret, logs the attempt and updates the endpoint; disabling one mails its owner.
  webhookDelivery: { table: ['GetItem', 'PutItem', 'Query', 'UpdateItem'], sendsTo: ['webhook', 'mail'], readsWebhookSealingKey: true },
  // The job lease, the per-address mail cap, the account (created once) and the token it mails; an alert
  // digest reads the account's sites and its pending entries, and waits on its own queue.
  mailSender: {
    table: uniq(rateLimited, ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchGetItem']),
    sendsTo: ['mail'],
    sendsMail: true,
    readsKeyPepper: true,
  },
};

/**
 * Functions that digest secrets with the pepper: every family serving a Bearer route (to check the
 * caller's key), auth (it checks sign-in tokens and issues a key when a link is exchanged) and the
 * mail sender (it creates the sign-in tokens it mails and stores their digests).
 */
export function readsKeyPepper(name: FunctionName): boolean {
  return functionAccess[name].readsKeyPepper === true || routeList.some((route) => route.family === name && route.auth === 'key');
}
