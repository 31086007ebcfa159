import { z } from 'zod';
import type { Config } from '#shared/config.js';
import { createQueueWorker } from '#functions/workers/queue-worker.js';
import { sendSignInMail, SignInMailJob } from '#shared/use-cases/accounts/sign-in.js';
import { AlertDigestJob, sendAlertDigest } from '#shared/use-cases/rescans/alert-digest-job.js';
import { sendWebhookDisabledMail, WebhookDisabledJob } from '#shared/use-cases/webhooks/webhook-disabled-job.js';
import { createPepperSource } from '#shared/adapters/key-pepper.js';
import { createMailer } from '#shared/adapters/mailer.js';
import { createQueue } from '#shared/adapters/queue.js';
import { createTable } from '#shared/db/client.js';

const MailJob = z.discriminatedUnion('kind', [SignInMailJob, AlertDigestJob, WebhookDisabledJob]);

/** The parts this worker is built with, and the only ones its handling is given. */
// The digest job re-queues itself while its sweep is still running.
export function wire(config: Config) {
  return {
    table: createTable(config),
    mailer: createMailer(config),
    keyPepper: createPepperSource(config),
    queue: createQueue(config),
  };
}

/** Sends the service's e-mail: sign-in links, alert digests and disabled webhooks. Addresses and bodies are never logged. */
export const handler = createQueueWorker('mail', MailJob, wire, async (job, deps, record) => {
  if (job.kind === 'sign-in') {
    const outcome = await sendSignInMail(job, deps);
    deps.logger.info('Sign-in mail job done', { messageId: record.messageId, jobId: job.jobId, outcome });
  } else if (job.kind === 'alert-digest') {
    const outcome = await sendAlertDigest(job, deps);
    deps.logger.info('Alert digest job done', { messageId: record.messageId, slot: job.slot, outcome });
  } else {
    const outcome = await sendWebhookDisabledMail(job, deps);
    deps.logger.info('Webhook disabled mail job done', { messageId: record.messageId, webhookId: job.webhook.id, outcome });
  }
});
