import { randomUUID } from 'node:crypto';
import { DeleteMessageCommand, ReceiveMessageCommand, SendMessageCommand, SQSClient, type Message } from '@aws-sdk/client-sqs';
import type { SQSRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { queueVisibilityTimeoutSeconds } from '../../../bin/local/function-sizing.js';
import { localClientConfig } from '../../../bin/local/local-aws.js';
import { createQueueWithDeadLetters, type LocalQueue } from '../../../bin/local/sqs-local.js';
import { toSqsRecord } from '../../../bin/local/sqs-records.js';
import { waitUntil } from '../../../bin/local/wait-until.js';
import { maxReceiveCountOf } from '#shared/adapters/queue-redrive.js';
import { queueBatchHandler } from '#functions/workers/queue-worker.js';
import type { SecretBox } from '#shared/adapters/secret-box.js';
import { createSecretBox } from '#shared/adapters/secret-box.js';
import { createPepperSource } from '#shared/adapters/key-pepper.js';
import { createDependencies } from '#shared/all-dependencies.js';
import { loadConfig } from '#shared/config.js';
import { createTable } from '#shared/db/client.js';
import { getAccount } from '#shared/db/account-store.js';
import { getDelivery, latestAttempts } from '#shared/db/webhook-delivery-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { Caller } from '#shared/model/accounts/caller.js';
import type { DeliveryTiming } from '#shared/use-cases/webhooks/deliver.js';
import { fanOutEvent } from '#shared/use-cases/webhooks/fan-out.js';
import { handleWebhookMessage } from '#shared/use-cases/webhooks/handle-webhook-message.js';
import { redeliverEvent, testWebhook } from '#shared/use-cases/webhooks/webhook-deliveries.js';
import { WebhookMessage } from '#shared/model/webhooks/webhook-message.js';
import { createWebhook } from '#shared/use-cases/webhooks/webhook-endpoints.js';
import { createLambdaContext } from '../../../bin/local/event-adapter.js';
import { startWebhookReceiver, type WebhookReceiver } from '#test/fixtures/webhook-receiver.js';
import { recordingLogger, type LogEntry } from '#test/support/recording-logger.js';
import { signUp } from '../support/accounts.js';
import { faultyTable } from './faulty-table.js';

const region = () => inject('awsRegion');
let sqs: SQSClient;
const receivers: WebhookReceiver[] = [];

beforeAll(() => {
  sqs = new SQSClient(localClientConfig(inject('sqsEndpoint'), region()));
});
afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()));
  sqs.destroy();
});

/**
 * The webhook worker's handler as Lambda runs it, on a queue of its own in fauxqs (the deployed
 * 12-minute visibility timeout and receive limit), against DynamoDB Local behind a fault switch, with
 * the retry base at 1 second: a message back within seconds came back on the retry schedule.
 */
async function harness(timing?: DeliveryTiming) {
  const queue: LocalQueue = await createQueueWithDeadLetters(
    sqs,
    `webhook-faults-${randomUUID().slice(0, 8)}`,
    queueVisibilityTimeoutSeconds('webhook'),
    maxReceiveCountOf('webhook'),
  );
  const config = loadConfig({
    DYNAMODB_ENDPOINT: inject('dynamodbEndpoint'),
    TABLE_NAME: inject('tableName'),
    AWS_REGION: region(),
    SQS_ENDPOINT: inject('sqsEndpoint'),
    WEBHOOK_QUEUE_URL: queue.url,
    KEY_PEPPER: 'integration-pepper-0123456789abcdefghij',
    WEBHOOK_RETRY_BASE_SECONDS: '1',
    ALLOW_PRIVATE_TARGETS: '127.0.0.1',
  });
  const table = faultyTable(createTable(config));
  const realBox = createSecretBox(config, createPepperSource(config));
  let keyFailures = 0;
  const secretBox: SecretBox = {
    seal: (plaintext, context) => realBox.seal(plaintext, context),
    open: async (sealed, context) => {
      if (keyFailures > 0) {
        keyFailures -= 1;
        throw Object.assign(new Error('Secrets Manager did not answer'), { name: 'InternalServiceError' });
      }
      return realBox.open(sealed, context);
    },
  };
  const log: LogEntry[] = [];
  const deps = createDependencies(config, { table: table.table, secretBox, logger: recordingLogger(log) });
  const handler = queueBatchHandler(
    'webhook',
    WebhookMessage,
    async (message, handlerDeps, record, context) => {
      const receipt = {
        messageId: record.messageId,
        receiptHandle: record.receiptHandle,
        receiveCount: Number(record.attributes.ApproximateReceiveCount),
      };
      await handleWebhookMessage(message, receipt, handlerDeps, {
        timeLeftMs: () => context.getRemainingTimeInMillis(),
        ...(timing ? { timing } : {}),
      });
    },
    deps,
  );

  /** The next message, as the event source mapping would hand it over; waits at most `timeoutMs`. */
  async function receive(timeoutMs = 20_000): Promise<SQSRecord> {
    let message: Message | undefined;
    await waitUntil(
      async () => {
        const { Messages = [] } = await sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: queue.url,
            MaxNumberOfMessages: 1,
            WaitTimeSeconds: 1,
            MessageSystemAttributeNames: ['All'],
          }),
        );
        message = Messages[0];
        return message !== undefined;
      },
      { timeoutMs, intervalMs: 10, description: 'a message on the webhook queue' },
    );
    return toSqsRecord(message!, { arn: queue.arn, region: region() });
  }

  /** One invocation with these records; the ones it did not report failed are deleted, as Lambda does. */
  async function run(...records: SQSRecord[]): Promise<string[]> {
    const context = createLambdaContext({
      functionName: 'webhook-delivery',
      timeoutMs: 120_000,
      requestId: randomUUID(),
      region: region(),
    });
    const { batchItemFailures } = await handler({ Records: records }, context);
    const failed = batchItemFailures.map((failure) => failure.itemIdentifier);
    for (const record of records) {
      if (!failed.includes(record.messageId))
        await sqs.send(new DeleteMessageCommand({ QueueUrl: queue.url, ReceiptHandle: record.receiptHandle }));
    }
    return failed;
  }

  return { deps, table, log, queue, receive, run, failKeyOnce: () => void (keyFailures = 1) };
}

/** A growth account with an endpoint, and one event fanned out to it: its delivery message is on the queue. */
async function arrange(deps: Dependencies, status = 200) {
  const user = await signUp({ tier: 'growth' });
  const account = (await getAccount(deps.table, user.accountId))!;
  const caller = { accountId: user.accountId, keyId: null, tier: 'growth', scopes: [], account } as Caller;
  const target = await startWebhookReceiver(status);
  receivers.push(target);
  const { webhook } = await createWebhook(caller, { url: target.url, events: ['scan_complete'] }, deps);
  const eventId = randomUUID();
  const event = {
    id: eventId,
    type: 'scan_complete' as const,
    accountId: user.accountId,
    occurredAt: new Date().toISOString(),
    data: {
      scanId: randomUUID(),
      url: 'https://shop.example/',
      score: 70,
      band: 'partially_ready',
      tier: 'growth',
      siteId: null,
      batchId: null,
    },
  };
  return { caller, target, webhookId: webhook.id, eventId, event, fanOut: () => fanOutEvent(event, deps) };
}

async function attemptsLogged(deps: Dependencies, webhookId: string) {
  return latestAttempts(deps.table, webhookId, 50, Math.floor(Date.now() / 1000));
}

describe('webhook deliveries when our side fails', () => {
  it('a sealing-key failure before the POST: the claim is given back, the record is logged with its reason, and the message comes back on the retry schedule (not after 12 minutes) and delivers once', async () => {
    const h = await harness();
    const { target, webhookId, eventId, fanOut } = await arrange(h.deps);
    await fanOut();
    const first = await h.receive();
    h.failKeyOnce();
    expect(await h.run(first)).toEqual([first.messageId]);
    expect(target.received).toHaveLength(0);
    const held = (await getDelivery(h.deps.table, webhookId, eventId))!;
    expect([held.state, held.attempts, held.leaseUntil]).toEqual(['pending', 0, undefined]);
    expect(h.log.filter((entry) => entry.extra.messageId === first.messageId && entry.level === 'error')).toEqual([
      {
        level: 'error',
        message: 'webhook message failed',
        extra: expect.objectContaining({
          errorName: 'DeliveryInterrupted',
          errorMessage: expect.stringMatching(/^Attempt 1 of event .* was not made: InternalServiceError: Secrets Manager did not answer$/),
          causeName: 'InternalServiceError',
        }),
      },
    ]);

    const again = await h.receive();
    expect(again.messageId).toBe(first.messageId);
    expect(again.attributes.ApproximateReceiveCount).toBe('2');
    expect(await h.run(again)).toEqual([]);
    expect(target.received).toHaveLength(1);
    expect((await getDelivery(h.deps.table, webhookId, eventId))!).toMatchObject({ state: 'delivered', attempts: 1 });
    expect((await attemptsLogged(h.deps, webhookId)).map((entry) => [entry.attempt, entry.success])).toEqual([[1, true]]);
  });

  it('recording an attempt that fails for a while, or whose answer is lost after it landed, is retried at once: one POST, logged once', async () => {
    const h = await harness();
    const { target, webhookId, eventId, fanOut } = await arrange(h.deps, 503);
    await fanOut();
    h.table.fail('TransactWriteCommand', 2);
    h.table.fail('TransactWriteCommand', 1, { lands: true });
    const first = await h.receive();
    // The endpoint failed: the message is hidden until the next attempt, as a planned retry.
    expect(await h.run(first)).toEqual([first.messageId]);
    expect(target.received).toHaveLength(1);
    expect((await attemptsLogged(h.deps, webhookId)).map((entry) => [entry.attempt, entry.statusCode])).toEqual([[1, 503]]);
    expect((await getDelivery(h.deps.table, webhookId, eventId))!).toMatchObject({ state: 'pending', attempts: 1 });
    expect(h.log.filter((entry) => entry.extra.messageId === first.messageId).map((entry) => [entry.level, entry.message])).toEqual([
      ['info', 'Delivery step'],
      ['info', 'webhook message handed back for a later retry'],
    ]);
    target.answer(200);
    expect(await h.run(await h.receive())).toEqual([]);
    expect(target.received).toHaveLength(2);
    expect(new Set(target.received.map((delivery) => delivery.headers['webhook-id']))).toEqual(new Set([eventId]));
    expect((await attemptsLogged(h.deps, webhookId)).map((entry) => [entry.attempt, entry.success])).toEqual([
      [2, true],
      [1, false],
    ]);
  });

  it("a claim the SDK sent again after its answer was lost is still this receive's: the attempt is made at once, not after a lease", async () => {
    const h = await harness();
    const { target, webhookId, eventId, fanOut } = await arrange(h.deps);
    await fanOut();
    h.table.fail('UpdateCommand', 1, { repeated: true });
    expect(await h.run(await h.receive())).toEqual([]);
    expect(target.received).toHaveLength(1);
    expect((await getDelivery(h.deps.table, webhookId, eventId))!).toMatchObject({ state: 'delivered', attempts: 1 });
    expect((await attemptsLogged(h.deps, webhookId)).map((entry) => [entry.attempt, entry.success])).toEqual([[1, true]]);
  });

  it('an attempt made whose recording keeps failing: retried after its lease with the same webhook-id (at least once), each attempt logged at most once', async () => {
    const h = await harness({ leaseMs: 3_000, recordRetryMs: 500 });
    const { target, webhookId, eventId, fanOut } = await arrange(h.deps);
    await fanOut();
    const first = await h.receive();
    h.table.fail('TransactWriteCommand', 1_000);
    expect(await h.run(first)).toEqual([first.messageId]);
    h.table.heal();
    expect(target.received).toHaveLength(1);
    const failure = h.log.find((entry) => entry.extra.messageId === first.messageId && entry.level === 'error')!;
    expect(failure.extra).toMatchObject({
      errorName: 'DeliveryInterrupted',
      errorMessage: expect.stringMatching(/was made \(delivered\) but could not be recorded: AppError: The database is not answering/),
    });
    expect(await attemptsLogged(h.deps, webhookId)).toEqual([]);

    const again = await h.receive();
    expect(await h.run(again)).toEqual([]);
    expect(target.received).toHaveLength(2);
    expect(target.received[1]!.body).toBe(target.received[0]!.body);
    expect(target.received[1]!.headers['webhook-id']).toBe(eventId);
    expect((await attemptsLogged(h.deps, webhookId)).map((entry) => [entry.attempt, entry.success])).toEqual([[2, true]]);
    expect((await getDelivery(h.deps.table, webhookId, eventId))!).toMatchObject({ state: 'delivered', attempts: 2 });
  });

  it('an event whose fan-out fails on our side comes back on the retry schedule and fans out once', async () => {
    const h = await harness();
    const { target, webhookId, event } = await arrange(h.deps);
    await sqs.send(new SendMessageCommand({ QueueUrl: h.queue.url, MessageBody: JSON.stringify({ kind: 'event', event }) }));
    h.table.fail('GetCommand', 1);
    const first = await h.receive();
    expect(await h.run(first)).toEqual([first.messageId]);
    const again = await h.receive();
    expect(again.messageId).toBe(first.messageId);
    expect(await h.run(again)).toEqual([]);
    expect(await h.run(await h.receive())).toEqual([]);
    expect(target.received).toHaveLength(1);
    expect((await attemptsLogged(h.deps, webhookId)).map((entry) => entry.attempt)).toEqual([1]);
  });

  it('eight receives of one delivery message at once, the first recording answered late: one POST, one log entry', async () => {
    const h = await harness();
    const { target, webhookId, eventId, fanOut } = await arrange(h.deps);
    await fanOut();
    const record = await h.receive();
    h.table.fail('TransactWriteCommand', 1, { lands: true });
    const failed = await Promise.all(Array.from({ length: 8 }, () => h.run(record).catch(() => [record.messageId])));
    // The run holding the claim finishes; each other run either lost the claim (and asks for a redelivery) or read
    // the delivery after it was recorded (and drops the message): how many do which depends on timing alone.
    expect(failed.filter((ids) => ids.length === 0).length).toBeGreaterThanOrEqual(1);
    expect(target.received).toHaveLength(1);
    expect((await attemptsLogged(h.deps, webhookId)).map((entry) => [entry.attempt, entry.success])).toEqual([[1, true]]);
    expect((await getDelivery(h.deps.table, webhookId, eventId))!).toMatchObject({ state: 'delivered', attempts: 1 });
  });
});

describe('webhook tests and redeliveries within the time left', () => {
  it('wait only as long as the invocation allows, answer before its deadline, and log the attempt', async () => {
    const h = await harness();
    const { caller, target, webhookId } = await arrange(h.deps);
    target.hang();
    const deadline = Date.now() + 6_000;
    const answer = await testWebhook(caller, webhookId, h.deps, () => deadline - Date.now());
    const leftMs = deadline - Date.now();
    expect(answer).toEqual({
      success: false,
      statusCode: null,
      message: expect.stringMatching(/^Timed out: the endpoint did not answer within [12](\.\d)? seconds$/),
    });
    expect(leftMs).toBeGreaterThan(0);
    expect(target.received).toHaveLength(1);
    expect(await attemptsLogged(h.deps, webhookId)).toEqual([expect.objectContaining({ test: true, success: false, error: 'timeout' })]);
  });

  it('with too little time left send nothing, log nothing, and give a redelivery its hold back', async () => {
    const h = await harness();
    const { caller, target, webhookId, eventId, fanOut } = await arrange(h.deps);
    await fanOut();
    expect(await h.run(await h.receive())).toEqual([]);
    const short = () => 3_000;
    expect(await testWebhook(caller, webhookId, h.deps, short)).toEqual({
      success: false,
      statusCode: null,
      message: expect.stringMatching(/^Not sent: /),
    });
    expect(await redeliverEvent(caller, webhookId, eventId, h.deps, short)).toEqual({
      success: false,
      statusCode: null,
      message: expect.stringMatching(/^Not sent: /),
    });
    expect(target.received).toHaveLength(1);
    expect((await attemptsLogged(h.deps, webhookId)).map((entry) => entry.attempt)).toEqual([1]);
    expect(await redeliverEvent(caller, webhookId, eventId, h.deps)).toMatchObject({ success: true, statusCode: 200 });
    expect((await attemptsLogged(h.deps, webhookId)).map((entry) => entry.attempt)).toEqual([2, 1]);
  });

  it('six redeliveries of one event at once to a silent endpoint: one POST within the time left, five conflicts, one log entry', async () => {
    const h = await harness();
    const { caller, target, webhookId, eventId, fanOut } = await arrange(h.deps);
    await fanOut();
    expect(await h.run(await h.receive())).toEqual([]);
    target.hang();
    const deadline = Date.now() + 6_000;
    const settled = await Promise.allSettled(
      Array.from({ length: 6 }, () => redeliverEvent(caller, webhookId, eventId, h.deps, () => deadline - Date.now())),
    );
    const answered = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const refused = settled.flatMap((result) => (result.status === 'rejected' ? [(result.reason as { kind?: string }).kind] : []));
    expect(answered).toEqual([{ success: false, statusCode: null, message: expect.stringMatching(/^Timed out/) }]);
    expect(refused).toEqual(Array.from({ length: 5 }, () => 'conflict'));
    expect(target.received).toHaveLength(2);
    expect((await attemptsLogged(h.deps, webhookId)).map((entry) => [entry.attempt, entry.error])).toEqual([
      [2, 'timeout'],
      [1, null],
    ]);
  });
});
