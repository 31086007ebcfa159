import { join, resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SQSClient } from '@aws-sdk/client-sqs';
import { queueNames, type QueueName } from '#shared/adapters/queue.js';
import { allowedPrivateHosts, envName, getConfig, loadConfig } from '#shared/config.js';
import { consumerOf } from '#lib/function-catalog.js';
import { localAccountId } from './event-adapter.js';
import { ensureTable } from './create-table.js';
import { startDynamoDbLocal, type DynamoDbLocal } from './dynamodb-local.js';
import { findFreePort, withPortHint } from './free-port.js';
import { localKeyPepper, localWebBotAuthKey } from './local-secrets.js';
import { deadLetterConsumingQueues, queueConsumer, queuePollers, queueVisibilityTimeoutSeconds } from './function-sizing.js';
import { loadBillingPages, loadHttpHandlers, loadQueueHandlers, loadSweepHandler } from './handler-modules.js';
import type { IamGate } from './iam/iam-gate.js';
import { runAsFunction } from './iam/invocation-identity.js';
import { startLocalIam } from './iam/local-iam.js';
import { loadSynthesisedTemplate } from './iam/template-policies.js';
import { localClientConfig } from './local-aws.js';
import { consoleLog, type LocalLog } from './log.js';
import { startQueuePoller, type QueuePoller } from './queue-poller.js';
import { startRescanTimer } from './rescan-timer.js';
import { createSweepRunner } from './rescan-sweep.js';
import { startSesLocal, type SesLocal } from './ses-local.js';
import { startSqsLocal, type SqsLocal } from './sqs-local.js';
import { conflictingAwsVariables, localEnvironment } from './stack-environment.js';
import { waitUntil } from './wait-until.js';

export interface LocalStackOptions {
  /** Ports default to PORT, DYNAMODB_PORT, SQS_PORT, SES_PORT; 0 picks a free one. */
  port?: number;
  dynamodbPort?: number;
  sqsPort?: number;
  sesPort?: number;
  /** Defaults to DATA_DIR; DynamoDB's files go to `<dataDir>/dynamodb`. */
  dataDir?: string;
  /** DynamoDB in memory (tests): nothing is written to `dataDir`. */
  inMemory?: boolean;
  /** Extra environment for the handlers, applied before they load (e.g. LOG_LEVEL in tests). */
  env?: Record<string, string>;
  /** The stand-in for the weekly schedule; 0 turns the timer off. Default: every 10 minutes. */
  rescanIntervalMs?: number;
  /** Overrides each queue's visibility timeout (default: the deployed one, six times its consumer's timeout). */
  queueVisibilityTimeoutSeconds?: number;
  /**
   * Links the service sends name this stack's own port, whatever PUBLIC_BASE_URL holds: test projects'
   * stacks share one process's environment, where another stack may already have set it.
   */
  ownPublicBaseUrl?: boolean;
  /** Long-poll wait of the queue pollers; it bounds how long stopping an idle poller takes. */
  pollWaitSeconds?: number;
  log?: LocalLog;
}

export interface LocalStack {
  urls: { api: string; dynamodb: string; sqs: string; ses: string; sesStore: string };
  queues: Record<QueueName, { url: string; arn: string; deadLetterUrl: string; deadLetterArn: string }>;
  tableName: string;
  /** The local IAM check: every call the functions made, by function, and those it refused. */
  iam: IamGate['tally'];
  dataDir: string | null;
  stop(): Promise<void>;
}

/** The gateway's own body limit; the handlers enforce the service's smaller MAX_REQUEST_BODY_BYTES. */
const gatewayBodyLimitBytes = 1_048_576;

/**
 * Starts everything `npm start` and the integration tests run against, on 127.0.0.1 only: DynamoDB
 * Local, fauxqs (SQS), aws-ses-v2-local, the table, the handlers behind an HTTP server, the queue
 * pollers and the rescan timer. One stack per process: the handlers read the configuration once.
 */
export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  const log = options.log ?? consoleLog;
  const config = loadConfig({ ...process.env, ...options.env });
  const region = config.awsRegion;
  const apiPort = await portOrFree(options.port ?? config.port);
  const dynamodbPort = await portOrFree(options.dynamodbPort ?? config.dynamodbPort);
  const sqsPort = options.sqsPort ?? config.sqsPort;
  const sesPort = options.sesPort ?? config.sesPort;
  const dataDir = options.inMemory ? null : resolve(options.dataDir ?? config.dataDir);
  const configurationSet = config.sesConfigurationSet || 'readiness-local';
  // Synthesising takes seconds when the stack's code changed: it runs while the stand-ins start.
  const template = loadSynthesisedTemplate({ mailFrom: config.mailFrom });
  template.catch(() => undefined);
  const stoppers: Stopper[] = [];
  const stopAll = async () => {
    for (const { name, stop } of stoppers.splice(0).reverse()) {
      const startedAt = Date.now();
      // A step whose promise never settles (nothing left to settle it) would let Node exit silently mid-stop,
      // with every later step skipped: the bound keeps the process alive, names the step and goes on.
      let bound: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timed_out'>((resolve) => (bound = setTimeout(() => resolve('timed_out'), stopStepBoundMs)));
      try {
        const outcome = await Promise.race([Promise.resolve(stop()).then(() => 'stopped' as const), timedOut]);
        if (outcome === 'timed_out') log.warn(`Stopping ${name} did not finish within ${stopStepBoundMs / 1000} s; going on`);
      } catch (error) {
        log.error(`Stopping ${name} failed`, error);
      } finally {
        clearTimeout(bound);
      }
      // Each step has its own bound (2 s for requests and pollers, 5 s for DynamoDB Local): a slower one is named.
      const tookMs = Date.now() - startedAt;
      if (tookMs > slowStopMs) log.info(`Stopping ${name} took ${tookMs} ms.`);
    }
  };

  try {
    log.info('Starting DynamoDB Local, fauxqs and aws-ses-v2-local…');
    const [dynamodb, sqs, ses] = await startServices(
      [
        () => startDynamoDbLocal({ port: dynamodbPort, dataDir: dataDir === null ? null : join(dataDir, 'dynamodb') }),
        () =>
          withPortHint(
            startSqsLocal({
              port: sqsPort,
              region,
              visibilityTimeoutSeconds: (queue) => options.queueVisibilityTimeoutSeconds ?? queueVisibilityTimeoutSeconds(queue),
            }),
            sqsPort,
            'SQS_PORT',
          ),
        () => withPortHint(startSesLocal({ port: sesPort }), sesPort, 'SES_PORT'),
      ] as const,
      stoppers,
    );

    const dynamodbClient = new DynamoDBClient(localClientConfig(dynamodb.endpoint, region));
    await ensureTable(dynamodbClient, config.tableName).finally(() => dynamodbClient.destroy());

    const given = (key: 'keyPepper' | 'webBotAuthKey' | 'webhookSealingKey' | 'stripeSecretKey' | 'stripeWebhookSecret') =>
      options.env?.[envName(key)] || process.env[envName(key)] || undefined;
    const keyPepper = given('keyPepper') ?? (await localKeyPepper(dataDir));
    const iam = await startLocalIam({
      template: await template,
      region,
      accountId: localAccountId,
      tableName: config.tableName,
      configurationSet,
      upstream: { dynamodb: dynamodb.endpoint, sqs: sqs.endpoint, ses: ses.endpoint },
      queues: sqs.queues,
      // Without a sealing key of its own, the local stack seals webhook secrets with the pepper, as before.
      secretValues: {
        keyPepper,
        webBotAuthKey: given('webBotAuthKey') ?? (await localWebBotAuthKey(dataDir)),
        webhookSealingKey: given('webhookSealingKey') ?? keyPepper,
        stripe: given('stripeSecretKey'),
        stripeWebhook: given('stripeWebhookSecret'),
      },
      log,
    });
    stoppers.push({ name: 'the IAM gate', stop: () => iam.gate.close() });
    const gate = iam.gate;

    for (const name of conflictingAwsVariables) delete process.env[name];
    Object.assign(
      process.env,
      localEnvironment({
        region,
        tableName: config.tableName,
        dynamodb: gate.endpoint,
        sqs: gate.endpoint,
        ses: gate.endpoint,
        queueUrls: Object.fromEntries(queueNames.map((queue) => [queue, gate.queueUrl(sqs.queues[queue].url)])) as Record<
          QueueName,
          string
        >,
        batchDeadLetterQueueArn: sqs.queues.batch.deadLetterArn,
        publicBaseUrl: (!options.ownPublicBaseUrl && process.env[envName('publicBaseUrl')]) || `http://localhost:${apiPort}`,
      }),
      options.env,
      iam.environment,
    );
    const settings = getConfig();
    if (settings.dynamodbEndpoint !== gate.endpoint) {
      throw new Error('The configuration was read before the local stack set its environment: load handlers only through startLocalStack');
    }
    if (allowedPrivateHosts(settings).length > 0) {
      log.warn(
        `ALLOW_PRIVATE_TARGETS=${settings.allowPrivateTargets}: scans and webhooks may reach these hosts on any port. Development only.`,
      );
    }

    const [httpHandlers, queueHandlers, sweepHandler, { startApiServer }] = await Promise.all([
      loadHttpHandlers(),
      loadQueueHandlers(),
      loadSweepHandler(),
      import('./api-server.js'),
    ]);
    const runSweep = createSweepRunner(sweepHandler, region);
    const billingPages = await loadBillingPages(settings);

    // Lambda's event source receives and deletes with the consuming function's role: so do the pollers.
    const sqsClient = new SQSClient(localClientConfig(gate.endpoint, region));
    stoppers.push({ name: "the pollers' SQS client", stop: () => sqsClient.destroy() });
    const poll = (queue: QueueName, from: { name: string; url: string; arn: string }) =>
      runAsFunction(consumerOf(queue), () =>
        startQueuePoller({
          client: sqsClient,
          queue: { ...from, url: gate.queueUrl(from.url) },
          region,
          handler: queueHandlers[queue],
          consumer: queueConsumer(queue),
          waitTimeSeconds: options.pollWaitSeconds ?? 1,
          log,
        }),
      );
    // As many pollers per queue as the deployed event source runs its worker at once (batches of
    // URLs spread over them as they do over Lambda).
    const pollers: QueuePoller[] = queueNames.flatMap((queue) =>
      Array.from({ length: queuePollers(queue) }, () => poll(queue, sqs.queues[queue])),
    );
    // The workers that settle what reaches their queue's DLQ consume it too (lib/function-catalog.ts).
    for (const queue of deadLetterConsumingQueues()) {
      const deadLetters = sqs.queues[queue];
      pollers.push(poll(queue, { name: `${queue}-dlq`, url: deadLetters.deadLetterUrl, arn: deadLetters.deadLetterArn }));
    }
    stoppers.push({ name: 'the queue pollers', stop: () => Promise.all(pollers.map((poller) => poller.stop())).then(() => undefined) });

    const api = await withPortHint(
      startApiServer({
        port: apiPort,
        handlers: httpHandlers,
        runSweep,
        billingPages,
        iamTally: gate.tally,
        maxBodyBytes: Math.max(gatewayBodyLimitBytes, settings.maxRequestBodyBytes),
        serviceBodyLimitBytes: settings.maxRequestBodyBytes,
        region,
        log,
      }),
      apiPort,
      'PORT',
    );
    stoppers.push({ name: 'the API server', stop: () => api.close() });

    const rescanIntervalMs = options.rescanIntervalMs ?? 10 * 60_000;
    if (rescanIntervalMs > 0) {
      const timer = startRescanTimer(runSweep, rescanIntervalMs, log);
      stoppers.push({ name: 'the rescan timer', stop: () => timer.stop() });
    }

    await expectHealthy(api.url);
    let stopping: Promise<void> | undefined;
    return {
      urls: { api: api.url, dynamodb: dynamodb.endpoint, sqs: sqs.endpoint, ses: ses.endpoint, sesStore: `${ses.endpoint}/store` },
      queues: sqs.queues,
      tableName: config.tableName,
      dataDir,
      iam: gate.tally,
      stop: () => (stopping ??= stopAll()),
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

async function portOrFree(port: number): Promise<number> {
  return port === 0 ? findFreePort() : port;
}

type Started = DynamoDbLocal | SqsLocal | SesLocal;

/** One step of stopping the stack, named so that a slow stop says which step held it up. */
interface Stopper {
  name: string;
  stop: () => Promise<void> | void;
}

/** The stand-ins in the order startServices is given them. */
const serviceNames = ['DynamoDB Local', 'fauxqs (SQS)', 'aws-ses-v2-local (SES)'];
const slowStopMs = 1_000;
/** Longer than any step's own bound (5 s for DynamoDB Local): only a step that can never end reaches it. */
const stopStepBoundMs = 8_000;

/** Starts the services side by side; if one fails, the others are stopped again by the caller's stoppers. */
async function startServices<const T extends readonly (() => Promise<Started>)[]>(
  starters: T,
  stoppers: Stopper[],
): Promise<{ [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  const results = await Promise.allSettled(
    starters.map(async (start, index) => {
      const service = await start();
      stoppers.push({ name: serviceNames[index] ?? 'a local service', stop: () => service.stop() });
      return service;
    }),
  );
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
  return results.map((result) => (result as PromiseFulfilledResult<Started>).value) as { [K in keyof T]: Awaited<ReturnType<T[K]>> };
}

/** The contract: once startup returns, GET /api/health answers 200 (the meta handler probes the table and every queue). */
async function expectHealthy(apiUrl: string): Promise<void> {
  let last = '';
  await waitUntil(
    async () => {
      const response = await fetch(`${apiUrl}/api/health`);
      last = `${response.status} ${await response.text()}`;
      return response.status === 200;
    },
    { timeoutMs: 10_000, intervalMs: 200, description: 'GET /api/health to answer 200' },
  ).catch((error: unknown) => {
    throw new Error(`${(error as Error).message}; its last answer: ${last}`);
  });
}
