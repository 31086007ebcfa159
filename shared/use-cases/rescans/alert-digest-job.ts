import { z } from 'zod';
import { getAccount } from '#shared/db/account-store.js';
import { alertDigestSentKey, clearConsumedDigest, pendingDigest } from '#shared/db/alert-digest-store.js';
import { runJobOnce } from '#shared/db/job-lease-store.js';
import { listWatchedSites } from '#shared/db/watched-site-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import { alertDigestMail, dashboardLinks } from '#shared/model/mail/alert-digest-mail.js';
import { allowanceFor } from '#shared/model/plans.js';
import { unsubscribeLink } from '#shared/model/sites/alert-unsubscribe-token.js';
import { pausedSiteIds } from '#shared/model/sites/paused-sites.js';

/** Mail an account's alert digest for a sweep (the mail queue), once that sweep's rescans are done. */
export const AlertDigestJob = z.object({
  kind: z.literal('alert-digest'),
  accountId: z.string().min(1),
  slot: z.string().min(1),
  /** Times the job waited for the sweep's other rescans of the account. */
  waits: z.number().int().nonnegative(),
});
export type AlertDigestJob = z.infer<typeof AlertDigestJob>;

/** At most this many waits (of ALERT_DIGEST_DELAY_SECONDS each): a digest goes out within about two hours. */
const maxWaits = 8;

/**
 * Sends the digest of a sweep: all the account's pending entries in one e-mail. It waits while the
 * account still has sites the sweep has not rescanned; entries that arrive after it was sent wait for
 * the next sweep's digest, so an account gets at most one digest per sweep. Entries of sites deleted or
 * with alerts turned off since are cleared unsent. A failed send keeps every entry for the next try.
 */
export async function sendAlertDigest(
  job: AlertDigestJob,
  deps: Pick<Dependencies, 'config' | 'table' | 'clock' | 'queue' | 'mailer' | 'keyPepper'>,
): Promise<'sent' | 'waiting' | 'empty' | 'duplicate'> {
  const { table, config } = deps;
  const account = await getAccount(table, job.accountId);
  if (!account) return 'empty';
  if (job.waits < maxWaits && (await sitesStillPending(account.id, account.tier, job.slot, deps))) {
    await deps.queue.send('mail', { ...job, waits: job.waits + 1 } satisfies AlertDigestJob, {
      delaySeconds: Math.min(900, config.alertDigestDelaySeconds),
    });
    return 'waiting';
  }
  const run = await runJobOnce(
    table,
    alertDigestSentKey(account.id, job.slot),
    { nowSeconds: Math.floor(deps.clock.now() / 1000), leaseSeconds: 60, retentionSeconds: 30 * 86_400 },
    async () => {
      const pending = await pendingDigest(table, account.id);
      const alerting = new Set((await listWatchedSites(table, account.id)).filter((site) => site.alertEnabled).map((site) => site.id));
      const entries = pending.entries.filter((entry) => alerting.has(entry.siteId));
      if (entries.length > 0) {
        const pepper = await deps.keyPepper();
        const mail = alertDigestMail({
          entries,
          dropped: pending.dropped,
          unsubscribeUrl: (siteIds) => unsubscribeLink(config.publicBaseUrl, { accountId: account.id, siteIds: [...siteIds] }, pepper),
          links: dashboardLinks(config.publicBaseUrl),
          settingsHint: 'Or turn alerts off on the site\'s page, or set "alertEnabled": false with PATCH /api/v1/watched-sites/{id}.',
        });
        await deps.mailer.send({ to: account.email, ...mail });
      }
      await clearConsumedDigest(table, account.id, pending);
      return entries.length > 0 ? ('sent' as const) : ('empty' as const);
    },
  );
  if (run.kind === 'in_progress') throw new Error(`The digest of ${job.slot} is being sent by another delivery`);
  return run.kind === 'done' ? 'duplicate' : run.result;
}

async function sitesStillPending(
  accountId: string,
  tier: Parameters<typeof allowanceFor>[0],
  slot: string,
  deps: Pick<Dependencies, 'config' | 'table'>,
): Promise<boolean> {
  const sites = await listWatchedSites(deps.table, accountId);
  const paused = pausedSiteIds(sites, allowanceFor(tier, deps.config).watchedSites);
  return sites.some((site) => !paused.has(site.id) && site.lastScanSlot !== slot);
}
