/** Every key of the single table is built here; repositories never build keys inline. */

export interface ItemKey {
  pk: string;
  sk: string;
}

export const keys = {
  healthProbe: (): ItemKey => ({ pk: 'HEALTH', sk: 'HEALTH' }),
  /** A rolling-window limit's counters for one subject (shared/model/rate-window.ts), one item per bucket width. */
  rateLimitWindow: (rule: string, subject: string, bucketMs: number): ItemKey => ({
    pk: `RATE#${rule}#${subject}`,
    sk: `WINDOW#${bucketMs}`,
  }),

  account: (accountId: string): ItemKey => ({ pk: `ACCOUNT#${accountId}`, sk: 'ACCOUNT' }),
  /**
   * Uniqueness marker: one account per mailbox (email.ts `mailboxOf`). Accounts made before mailboxes
   * also have the marker of their exact normalised address, which is looked up first.
   */
  emailMarker: (mailboxOrAddress: string): ItemKey => ({ pk: `EMAIL#${mailboxOrAddress}`, sk: 'EMAIL' }),
  /** The sign-in mails one mailbox was sent in the last day, and its capping link (sign-in-mail-cap.ts). */
  signInMailLedger: (mailbox: string): ItemKey => ({ pk: `SIGNINMAILS#${mailbox}`, sk: 'SIGNINMAILS' }),
  /** A sign-in link's token, by its SHA-256 digest (the token itself is never stored). */
  signInToken: (digest: string): ItemKey => ({ pk: `SIGNIN#${digest}`, sk: 'SIGNIN' }),
  /** Marks a sign-in mail job as done, so a redelivered queue message sends nothing twice. */
  signInMailJob: (jobId: string): ItemKey => ({ pk: `SIGNINMAIL#${jobId}`, sk: 'SIGNINMAIL' }),

  /** An API key, by the HMAC of the full key: authenticating is one GetItem. */
  apiKey: (digest: string): ItemKey => ({ pk: `APIKEY#${digest}`, sk: 'APIKEY' }),
  /**
   * An API key's entry in its account's partition, written with the key: listing is one consistent
   * Query and revoking finds the key by id with one consistent GetItem (no eventually consistent index).
   */
  apiKeyRef: (accountId: string, keyId: string): ItemKey => ({ pk: `ACCOUNT#${accountId}`, sk: `KEY#${keyId}` }),
  apiKeyRefsOf: (accountId: string) => ({ pk: `ACCOUNT#${accountId}`, skPrefix: 'KEY#' }),
  /** A dashboard session, by the HMAC of its token: authenticating is one GetItem; it expires by TTL. */
  dashboardSession: (digest: string): ItemKey => ({ pk: `SESSION#${digest}`, sk: 'SESSION' }),

  /** Watched sites live in their account's partition: listing is one consistent Query, ownership is the key. */
  watchedSite: (accountId: string, siteId: string): ItemKey => ({ pk: `ACCOUNT#${accountId}`, sk: `SITE#${siteId}` }),
  watchedSitesOf: (accountId: string) => ({ pk: `ACCOUNT#${accountId}`, skPrefix: 'SITE#' }),
  /** Uniqueness marker: one watched site per normalised URL (by digest: sort keys stop at 1 KB) per account. */
  watchedUrlMarker: (accountId: string, urlDigest: string): ItemKey => ({ pk: `ACCOUNT#${accountId}`, sk: `SITEURL#${urlDigest}` }),
  /** A site's score snapshots, newest last by scan time. */
  siteHistoryOf: (accountId: string, siteId: string) => ({ pk: `ACCOUNT#${accountId}`, skPrefix: `HISTORY#${siteId}#` }),
  siteSnapshot: (accountId: string, siteId: string, scannedAt: string, scanId: string): ItemKey => ({
    pk: `ACCOUNT#${accountId}`,
    sk: `HISTORY#${siteId}#${scannedAt}#${scanId}`,
  }),
  /**
   * GSI2: when a site is next due for its weekly rescan, in one of `shards` partitions chosen by the
   * site id's hash, so a million sites spread over many partitions and the sweep reads them in parallel.
   */
  rescanDue: (shard: number, dueAt: string, accountId: string, siteId: string) => ({
    gsi2pk: `DUE#${String(shard).padStart(3, '0')}`,
    gsi2sk: `${dueAt}#${accountId}#${siteId}`,
  }),
  rescanDueShard: (shard: number) => ({ gsi2pk: `DUE#${String(shard).padStart(3, '0')}` }),
  /** Marks the rescan of one site for one sweep as running (a lease), so redeliveries do not scan twice at once. */
  rescanJob: (siteId: string, slot: string): ItemKey => ({ pk: `RESCANJOB#${siteId}#${slot}`, sk: 'RESCANJOB' }),
  /** Serialises rescans of one target host (a lease, not a lock: it expires). */
  hostRescanLease: (host: string): ItemKey => ({ pk: `HOSTLEASE#${host}`, sk: 'HOSTLEASE' }),
  /** An account's alert e-mail digest: entries wait here until the digest of their sweep is sent. */
  alertDigest: (accountId: string): ItemKey => ({ pk: `ACCOUNT#${accountId}`, sk: 'ALERTDIGEST' }),
  /** Marks the digest job of one account and sweep, so each sweep mails an account at most once. */
  alertDigestJob: (accountId: string, slot: string): ItemKey => ({ pk: `ACCOUNT#${accountId}`, sk: `DIGESTJOB#${slot}` }),
  /** The lease of sending one account's digest of one sweep (job-leases.ts). */
  alertDigestSent: (accountId: string, slot: string): ItemKey => ({ pk: `ACCOUNT#${accountId}`, sk: `DIGESTSENT#${slot}` }),

  /** Which account a billing provider's customer belongs to (webhooks name the customer, not the account). */
  billingCustomer: (customerId: string): ItemKey => ({ pk: `CUSTOMER#${customerId}`, sk: 'CUSTOMER' }),
  /** Marks a billing provider event as processed, so a resent event is acknowledged without work. */
  billingEvent: (eventId: string): ItemKey => ({ pk: `BILLINGEVENT#${eventId}`, sk: 'BILLINGEVENT' }),
  /** The local billing provider's records (dev server only): checkout sessions and subscriptions. */
  localCheckout: (checkoutId: string): ItemKey => ({ pk: `LOCALCHECKOUT#${checkoutId}`, sk: 'LOCALCHECKOUT' }),
  localSubscription: (subscriptionId: string): ItemKey => ({ pk: `LOCALSUB#${subscriptionId}`, sk: 'LOCALSUB' }),
  /** A local subscription's entry under its customer, so the customer's subscriptions are one Query. */
  localCustomerSubscription: (customerId: string, subscriptionId: string): ItemKey => ({
    pk: `LOCALCUSTOMER#${customerId}`,
    sk: `SUB#${subscriptionId}`,
  }),
  localCustomerSubscriptionsOf: (customerId: string) => ({ pk: `LOCALCUSTOMER#${customerId}`, skPrefix: 'SUB#' }),
  /** A second subscription of one account that was refused (refunded and cancelled): counted once. */
  refusedSubscription: (subscriptionId: string): ItemKey => ({ pk: `REFUSEDSUB#${subscriptionId}`, sk: 'REFUSEDSUB' }),

  /** Webhook endpoints live in their account's partition. */
  webhook: (accountId: string, webhookId: string): ItemKey => ({ pk: `ACCOUNT#${accountId}`, sk: `WEBHOOK#${webhookId}` }),
  webhooksOf: (accountId: string) => ({ pk: `ACCOUNT#${accountId}`, skPrefix: 'WEBHOOK#' }),
  /** One event's delivery to one endpoint: its body, state and retries. */
  webhookDelivery: (webhookId: string, eventId: string): ItemKey => ({ pk: `WEBHOOK#${webhookId}`, sk: `DELIVERY#${eventId}` }),
  /** One attempt in an endpoint's delivery log; the log reads newest first by time. */
  webhookAttempt: (webhookId: string, attemptedAt: string, eventId: string, attempt: number): ItemKey => ({
    pk: `WEBHOOK#${webhookId}`,
    sk: `ATTEMPT#${attemptedAt}#${eventId}#${String(attempt).padStart(3, '0')}`,
  }),
  webhookAttemptsOf: (webhookId: string) => ({ pk: `WEBHOOK#${webhookId}`, skPrefix: 'ATTEMPT#' }),
  /** Marks the e-mail about one disabling of an endpoint as sent. */
  webhookDisabledMail: (webhookId: string, disabledAt: string): ItemKey => ({
    pk: `WEBHOOK#${webhookId}`,
    sk: `DISABLEDMAIL#${disabledAt}`,
  }),

  /** A batch and its items share a partition: the detail is one consistent Query. */
  batch: (batchId: string): ItemKey => ({ pk: `BATCH#${batchId}`, sk: 'BATCH' }),
  batchItem: (batchId: string, index: number): ItemKey => ({ pk: `BATCH#${batchId}`, sk: `ITEM#${String(index).padStart(3, '0')}` }),
  batchPartition: (batchId: string) => ({ pk: `BATCH#${batchId}` }),
  /** GSI1: an account's batches, newest first. */
  batchesByOwner: (accountId: string) => ({ gsi1pk: `ACCOUNT#${accountId}#BATCHES` }),
  batchOwnerSort: (createdAt: string, id: string) => ({ gsi1sk: `${createdAt}#${id}` }),
  /** One of the few scan slots of a target host that batch items share (a lease: it expires). */
  hostScanSlot: (host: string, slot: number): ItemKey => ({ pk: `HOSTSLOT#${host}`, sk: `SLOT#${slot}` }),

  scan: (id: string): ItemKey => ({ pk: `SCAN#${id}`, sk: 'SCAN' }),
  /** The stage a running public scan has reached, under the id its page chose (it expires within the hour). */
  scanProgress: (progressId: string): ItemKey => ({ pk: `PROGRESS#${progressId}`, sk: 'PROGRESS' }),
  /** GSI1: an account's scans, newest first. */
  scansByOwner: (accountId: string) => ({ gsi1pk: `ACCOUNT#${accountId}#SCANS` }),
  scanOwnerSort: (createdAt: string, id: string) => ({ gsi1sk: `${createdAt}#${id}` }),
};
