import { DynamoDBClient, GetItemCommand, BatchGetItemCommand } from '@aws-sdk/client-dynamodb';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { getConfig } from '#shared/config.js';
import { functionPolicies } from '../../bin/local/iam/function-policies.js';
import { startIamGate, type IamGate } from '../../bin/local/iam/iam-gate.js';
import { runAsFunction } from '../../bin/local/iam/invocation-identity.js';
import { localSecretArn } from '../../bin/local/iam/secrets-manager.js';
import { loadSynthesisedTemplate } from '../../bin/local/iam/template-policies.js';
import { localCredentials } from '../../bin/local/local-aws.js';

const region = inject('awsRegion');
const tableName = inject('tableName');
const queues = inject('queues');
const accountId = '000000000000';
const pepperArn = localSecretArn(region, accountId, 'keyPepper');
let gate: IamGate;
const logged: string[] = [];

beforeAll(async () => {
  // The same template, settings and resources as the stack of this project: its synthesis is cached.
  const template = await loadSynthesisedTemplate({ mailFrom: getConfig().mailFrom });
  gate = await startIamGate({
    region,
    accountId,
    upstream: { dynamodb: inject('dynamodbEndpoint'), sqs: inject('sqsEndpoint'), ses: inject('sesBaseUrl') },
    queues,
    secrets: [{ name: 'keyPepper', arn: pepperArn, value: 'pepper-for-the-iam-test' }],
    policies: functionPolicies(template, {
      region,
      accountId,
      tableName,
      queues,
      secretArn: (name) => localSecretArn(region, accountId, name),
      configurationSet: 'readiness-local',
    }),
    roles: Object.fromEntries(Object.entries(template.functions).map(([name, { role }]) => [name, role])) as Parameters<
      typeof startIamGate
    >[0]['roles'],
    log: { info: () => undefined, warn: () => undefined, error: (message) => logged.push(message) },
  });
});

afterAll(() => gate.close());

// Clients built here, outside the service's factory: the check does not depend on how a client was made.
const client = <T>(Client: new (config: { region: string; endpoint: string; credentials: typeof localCredentials }) => T): T =>
  new Client({ region, endpoint: gate.endpoint, credentials: localCredentials });

async function refusal(call: () => Promise<unknown>): Promise<{ name: string; status: number | undefined; message: string }> {
  const error = (await call().then(
    () => expect.fail('the call was allowed'),
    (thrown: unknown) => thrown,
  )) as Error & { $metadata?: { httpStatusCode?: number } };
  return { name: error.name, status: error.$metadata?.httpStatusCode, message: error.message };
}

describe('the local IAM check, between the functions and the stand-ins', () => {
  it("refuses a DynamoDB action outside the calling function's synthesised policy as DynamoDB does, and passes one inside it", async () => {
    const dynamodb = client(DynamoDBClient);
    const key = { pk: { S: 'HEALTH' }, sk: { S: 'HEALTH' } };
    await expect(runAsFunction('meta', () => dynamodb.send(new GetItemCommand({ TableName: tableName, Key: key })))).resolves.toBeDefined();
    const refused = await refusal(() =>
      runAsFunction('meta', () => dynamodb.send(new BatchGetItemCommand({ RequestItems: { [tableName]: { Keys: [key] } } }))),
    );
    expect(refused).toEqual({
      name: 'AccessDeniedException',
      status: 400,
      message: expect.stringMatching(
        /^User: arn:aws:sts::000000000000:assumed-role\/FunctionsMetaRole\w+\/local-meta is not authorized to perform: dynamodb:BatchGetItem on resource: arn:aws:dynamodb:eu-west-2:000000000000:table\/readiness because no identity-based policy allows the dynamodb:BatchGetItem action$/,
      ),
    });
    dynamodb.destroy();
  });

  it('sends to a queue only from a function granted it, and refuses with SQS’s 403 (its query-compatible code: AccessDenied)', async () => {
    const sqs = client(SQSClient);
    const send = () => sqs.send(new SendMessageCommand({ QueueUrl: gate.queueUrl(queues.batch.url), MessageBody: '{"probe":"iam"}' }));
    const refused = await refusal(() => runAsFunction('web', send));
    expect(refused).toMatchObject({
      name: 'AccessDenied',
      status: 403,
      message: expect.stringContaining('sqs:SendMessage on resource: arn:aws:sqs:'),
    });
    sqs.destroy();
  });

  it("mails only from the mail sender, through the stack's identity and configuration set", async () => {
    const ses = client(SESv2Client);
    const mail = () =>
      ses.send(
        new SendEmailCommand({
          FromEmailAddress: getConfig().mailFrom,
          ConfigurationSetName: 'readiness-local',
          Destination: { ToAddresses: ['iam-check@example.com'] },
          Content: { Simple: { Subject: { Data: 'IAM check' }, Body: { Text: { Data: 'sent by the local IAM test' } } } },
        }),
      );
    await expect(runAsFunction('mailSender', mail)).resolves.toMatchObject({ $metadata: { httpStatusCode: 200 } });
    expect(await refusal(() => runAsFunction('auth', mail))).toMatchObject({
      name: 'AccessDeniedException',
      status: 403,
      message: expect.stringContaining('ses:SendEmail on resource: arn:aws:ses:eu-west-2:000000000000:identity/example.com'),
    });
    ses.destroy();
  });

  it('gives a secret only to the functions whose policy names it', async () => {
    const secrets = client(SecretsManagerClient);
    const read = () => secrets.send(new GetSecretValueCommand({ SecretId: pepperArn }));
    await expect(runAsFunction('auth', read)).resolves.toMatchObject({ SecretString: 'pepper-for-the-iam-test' });
    expect(await refusal(() => runAsFunction('web', read))).toMatchObject({ name: 'AccessDeniedException', status: 400 });
    secrets.destroy();
  });

  it('refuses every call made outside a function’s invocation, even one naming a function itself', async () => {
    const dynamodb = client(DynamoDBClient);
    dynamodb.middlewareStack.add(
      (next) => (args) => {
        (args.request as { headers: Record<string, string> }).headers['x-local-iam-function'] = 'scanner';
        return next(args);
      },
      { step: 'finalizeRequest' },
    );
    const refused = await refusal(() =>
      dynamodb.send(new GetItemCommand({ TableName: tableName, Key: { pk: { S: 'HEALTH' }, sk: { S: 'HEALTH' } } })),
    );
    expect(refused).toMatchObject({ name: 'AccessDeniedException', message: expect.stringContaining('within one of its invocations') });
    dynamodb.destroy();
  });

  it('counts what it checked and names every refusal', () => {
    const { checked, byFunction, refused } = gate.tally();
    expect(byFunction).toEqual({ meta: 2, web: 2, mailSender: 1, auth: 2 });
    expect(checked).toBe(7);
    expect(refused.map((entry) => [entry.function, entry.operation])).toEqual([
      ['meta', 'BatchGetItem'],
      ['web', 'SendMessage'],
      ['auth', 'SendEmail'],
      ['web', 'GetSecretValue'],
      [null, 'GetItem'],
    ]);
    expect(logged).toEqual(refused.map((entry): unknown => expect.stringContaining(entry.message)));
  });
});
