import { z } from 'zod';
import { getAccount } from '#shared/db/account-store.js';
import { runJobOnce } from '#shared/db/job-lease-store.js';
import { webhookDisabledMailKey } from '#shared/db/webhook-delivery-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import { webhookDisabledMail } from '#shared/model/mail/webhook-disabled-mail.js';

/** Mail an endpoint's owner that the service disabled it (the mail queue). */
export const WebhookDisabledJob = z.object({
  kind: z.literal('webhook-disabled'),
  accountId: z.string().min(1),
  webhook: z.object({ id: z.string().min(1), url: z.string(), label: z.string().nullable() }),
  reason: z.string(),
  disabledAt: z.string().min(1),
});
export type WebhookDisabledJob = z.infer<typeof WebhookDisabledJob>;

/** Sends the e-mail once per disabling, however often the message is delivered. */
export async function sendWebhookDisabledMail(
  job: WebhookDisabledJob,
  deps: Pick<Dependencies, 'table' | 'clock' | 'mailer'>,
): Promise<'sent' | 'duplicate' | 'no_account'> {
  const { table } = deps;
  const account = await getAccount(table, job.accountId);
  if (!account) return 'no_account';
  const run = await runJobOnce(
    table,
    webhookDisabledMailKey(job.webhook.id, job.disabledAt),
    { nowSeconds: Math.floor(deps.clock.now() / 1000), leaseSeconds: 60, retentionSeconds: 30 * 86_400 },
    async () => deps.mailer.send({ to: account.email, ...webhookDisabledMail(job.webhook, job.reason) }),
  );
  if (run.kind === 'in_progress') throw new Error(`The disabled-webhook mail of ${job.webhook.id} is being sent by another delivery`);
  return run.kind === 'done' ? 'duplicate' : 'sent';
}
