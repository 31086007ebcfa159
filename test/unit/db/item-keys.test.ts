import { describe, expect, it } from 'vitest';
import { accountKey } from '#shared/db/account-store.js';
import { alertDigestJobKey, alertDigestKey, alertDigestSentKey } from '#shared/db/alert-digest-store.js';
import { apiKeyItemKey, apiKeyRefKey, apiKeyRefsOf } from '#shared/db/api-key-store.js';
import { batchItemKey, batchKey, batchOwnerSort, batchPartition, batchesByOwner } from '#shared/db/batch-keys.js';
import { billingCustomerKey, billingEventKey, refusedSubscriptionKey } from '#shared/db/billing-store.js';
import { dashboardSessionKey } from '#shared/db/dashboard-session-store.js';
import { healthProbeKey } from '#shared/db/health-probe.js';
import { hostRescanLeaseKey } from '#shared/db/host-lease-store.js';
import { hostScanSlotKey } from '#shared/db/host-slot-store.js';
import {
  localCheckoutKey,
  localCustomerSubscriptionKey,
  localCustomerSubscriptionsOf,
  localSubscriptionKey,
} from '../../../bin/local/local-billing-store.js';
import { emailMarkerKey } from '#shared/db/mailbox-marker-store.js';
import { rateLimitWindowKey } from '#shared/db/rate-limit-store.js';
import { scanProgressKey } from '#shared/db/scan-progress-store.js';
import { scanKey, scanOwnerSort, scansByOwner } from '#shared/db/scan-store.js';
import { signInMailJobKey, signInMailLedgerKey } from '#shared/db/sign-in-mail-ledger-store.js';
import { signInTokenKey } from '#shared/db/sign-in-token-store.js';
import { rescanDueKey, rescanDueShard, watchedSiteKey, watchedSitesOf, watchedUrlMarkerKey } from '#shared/db/watched-site-keys.js';
import { publicBadgeKey } from '#shared/db/public-badge-store.js';
import { rescanJobKey } from '#shared/db/rescan-completion-store.js';
import { siteHistoryOf, siteSnapshotKey } from '#shared/db/site-history-store.js';
import { webhookAttemptKey, webhookAttemptsOf, webhookDeliveryKey, webhookDisabledMailKey } from '#shared/db/webhook-delivery-store.js';
import { webhookKey, webhooksOf } from '#shared/db/webhook-store.js';

/**
 * Every key format of the single table, pinned: each store builds its own keys, so a key moved or
 * edited there cannot change the stored data format without this table changing too.
 */
const formats: Array<[string, unknown, unknown]> = [
  ['healthProbeKey', healthProbeKey(), { pk: 'HEALTH', sk: 'HEALTH' }],
  [
    'rateLimitWindowKey',
    rateLimitWindowKey('public-scan', '203.0.113.7', 60000),
    { pk: 'RATE#public-scan#203.0.113.7', sk: 'WINDOW#60000' },
  ],
  ['accountKey', accountKey('a1'), { pk: 'ACCOUNT#a1', sk: 'ACCOUNT' }],
  ['emailMarkerKey', emailMarkerKey('owner@shop.example'), { pk: 'EMAIL#owner@shop.example', sk: 'EMAIL' }],
  ['signInMailLedgerKey', signInMailLedgerKey('owner@shop.example'), { pk: 'SIGNINMAILS#owner@shop.example', sk: 'SIGNINMAILS' }],
  ['signInTokenKey', signInTokenKey('d1g35t'), { pk: 'SIGNIN#d1g35t', sk: 'SIGNIN' }],
  ['signInMailJobKey', signInMailJobKey('job-1'), { pk: 'SIGNINMAIL#job-1', sk: 'SIGNINMAIL' }],
  ['apiKeyItemKey', apiKeyItemKey('d1g35t'), { pk: 'APIKEY#d1g35t', sk: 'APIKEY' }],
  ['apiKeyRefKey', apiKeyRefKey('a1', 'k1'), { pk: 'ACCOUNT#a1', sk: 'KEY#k1' }],
  ['apiKeyRefsOf', apiKeyRefsOf('a1'), { pk: 'ACCOUNT#a1', skPrefix: 'KEY#' }],
  ['dashboardSessionKey', dashboardSessionKey('d1g35t'), { pk: 'SESSION#d1g35t', sk: 'SESSION' }],
  ['watchedSiteKey', watchedSiteKey('a1', 's1'), { pk: 'ACCOUNT#a1', sk: 'SITE#s1' }],
  ['watchedSitesOf', watchedSitesOf('a1'), { pk: 'ACCOUNT#a1', skPrefix: 'SITE#' }],
  ['watchedUrlMarkerKey', watchedUrlMarkerKey('a1', 'u1'), { pk: 'ACCOUNT#a1', sk: 'SITEURL#u1' }],
  ['siteHistoryOf', siteHistoryOf('a1', 's1'), { pk: 'ACCOUNT#a1', skPrefix: 'HISTORY#s1#' }],
  [
    'siteSnapshotKey',
    siteSnapshotKey('a1', 's1', '2026-01-02T03:04:05.000Z', 'scan-1'),
    { pk: 'ACCOUNT#a1', sk: 'HISTORY#s1#2026-01-02T03:04:05.000Z#scan-1' },
  ],
  [
    'rescanDueKey',
    rescanDueKey(7, '2026-01-02T03:04:05.000Z', 'a1', 's1'),
    { gsi2pk: 'DUE#007', gsi2sk: '2026-01-02T03:04:05.000Z#a1#s1' },
  ],
  ['rescanDueShard', rescanDueShard(7), { gsi2pk: 'DUE#007' }],
  ['rescanJobKey', rescanJobKey('s1', '2026-W01'), { pk: 'RESCANJOB#s1#2026-W01', sk: 'RESCANJOB' }],
  ['publicBadgeKey', publicBadgeKey('s1'), { pk: 'BADGE#s1', sk: 'BADGE' }],
  ['hostRescanLeaseKey', hostRescanLeaseKey('shop.example'), { pk: 'HOSTLEASE#shop.example', sk: 'HOSTLEASE' }],
  ['alertDigestKey', alertDigestKey('a1'), { pk: 'ACCOUNT#a1', sk: 'ALERTDIGEST' }],
  ['alertDigestJobKey', alertDigestJobKey('a1', '2026-W01'), { pk: 'ACCOUNT#a1', sk: 'DIGESTJOB#2026-W01' }],
  ['alertDigestSentKey', alertDigestSentKey('a1', '2026-W01'), { pk: 'ACCOUNT#a1', sk: 'DIGESTSENT#2026-W01' }],
  ['billingCustomerKey', billingCustomerKey('cus_1'), { pk: 'CUSTOMER#cus_1', sk: 'CUSTOMER' }],
  ['billingEventKey', billingEventKey('evt_1'), { pk: 'BILLINGEVENT#evt_1', sk: 'BILLINGEVENT' }],
  ['localCheckoutKey', localCheckoutKey('co_1'), { pk: 'LOCALCHECKOUT#co_1', sk: 'LOCALCHECKOUT' }],
  ['localSubscriptionKey', localSubscriptionKey('sub_1'), { pk: 'LOCALSUB#sub_1', sk: 'LOCALSUB' }],
  ['localCustomerSubscriptionKey', localCustomerSubscriptionKey('cus_1', 'sub_1'), { pk: 'LOCALCUSTOMER#cus_1', sk: 'SUB#sub_1' }],
  ['localCustomerSubscriptionsOf', localCustomerSubscriptionsOf('cus_1'), { pk: 'LOCALCUSTOMER#cus_1', skPrefix: 'SUB#' }],
  ['refusedSubscriptionKey', refusedSubscriptionKey('sub_1'), { pk: 'REFUSEDSUB#sub_1', sk: 'REFUSEDSUB' }],
  ['webhookKey', webhookKey('a1', 'w1'), { pk: 'ACCOUNT#a1', sk: 'WEBHOOK#w1' }],
  ['webhooksOf', webhooksOf('a1'), { pk: 'ACCOUNT#a1', skPrefix: 'WEBHOOK#' }],
  ['webhookDeliveryKey', webhookDeliveryKey('w1', 'e1'), { pk: 'WEBHOOK#w1', sk: 'DELIVERY#e1' }],
  [
    'webhookAttemptKey',
    webhookAttemptKey('w1', '2026-01-02T03:04:05.000Z', 'e1', 3),
    { pk: 'WEBHOOK#w1', sk: 'ATTEMPT#2026-01-02T03:04:05.000Z#e1#003' },
  ],
  ['webhookAttemptsOf', webhookAttemptsOf('w1'), { pk: 'WEBHOOK#w1', skPrefix: 'ATTEMPT#' }],
  [
    'webhookDisabledMailKey',
    webhookDisabledMailKey('w1', '2026-01-02T03:04:05.000Z'),
    { pk: 'WEBHOOK#w1', sk: 'DISABLEDMAIL#2026-01-02T03:04:05.000Z' },
  ],
  ['batchKey', batchKey('b1'), { pk: 'BATCH#b1', sk: 'BATCH' }],
  ['batchItemKey', batchItemKey('b1', 7), { pk: 'BATCH#b1', sk: 'ITEM#007' }],
  ['batchPartition', batchPartition('b1'), { pk: 'BATCH#b1' }],
  ['batchesByOwner', batchesByOwner('a1'), { gsi1pk: 'ACCOUNT#a1#BATCHES' }],
  ['batchOwnerSort', batchOwnerSort('2026-01-02T03:04:05.000Z', 'b1'), { gsi1sk: '2026-01-02T03:04:05.000Z#b1' }],
  ['hostScanSlotKey', hostScanSlotKey('shop.example', 2), { pk: 'HOSTSLOT#shop.example', sk: 'SLOT#2' }],
  ['scanKey', scanKey('scan-1'), { pk: 'SCAN#scan-1', sk: 'SCAN' }],
  ['scanProgressKey', scanProgressKey('p1'), { pk: 'PROGRESS#p1', sk: 'PROGRESS' }],
  ['scansByOwner', scansByOwner('a1'), { gsi1pk: 'ACCOUNT#a1#SCANS' }],
  ['scanOwnerSort', scanOwnerSort('2026-01-02T03:04:05.000Z', 'scan-1'), { gsi1sk: '2026-01-02T03:04:05.000Z#scan-1' }],
];

describe('item keys of the single table', () => {
  it.each(formats)('%s builds the key the stored data uses', (_name, built, expected) => {
    expect(built).toStrictEqual(expected);
  });
});
