import { createQueueWorker } from '#shared/adapters/queue-worker.js';
import { sendSignInMail, SignInMailJob } from '#shared/domain/accounts/sign-in.js';
import { createPepperSource } from '#shared/adapters/key-pepper.js';
import { createMailer } from '#shared/adapters/mailer.js';
import { createDocumentClient } from '#shared/db/client.js';

/** Sends the service's e-mail. Addresses and bodies are never logged. */
export const handler = createQueueWorker(
  'mail',
  SignInMailJob,
  async (job, deps, record) => {
    const outcome = await sendSignInMail(job, deps);
    deps.logger.info('Sign-in mail job done', { messageId: record.messageId, jobId: job.jobId, outcome });
  },
  (config) => ({ db: createDocumentClient(config), mailer: createMailer(config), keyPepper: createPepperSource(config) }),
);
