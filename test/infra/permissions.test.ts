import { beforeAll, describe, expect, it } from 'vitest';
import { queueNames, type QueueName } from '#shared/adapters/queue.js';
import { families } from '#shared/http/route-types.js';
import { workerNames, type FunctionName } from '#lib/function-catalog.js';
import { functionAccess } from '#lib/function-permissions.js';
import { referencedIds, statementsOfRole, type BuiltApp, type Statement, defaultApp } from '#test/infra/support/readiness-app.js';

const allNames: FunctionName[] = [...families, ...workerNames];

const expectedConsumes: Partial<Record<FunctionName, QueueName>> = {
  batchScan: 'batch',
  rescanSite: 'rescan',
  rescanSweep: 'sweep',
  webhookDelivery: 'webhook',
  mailSender: 'mail',
};

let built: BuiltApp;

beforeAll(() => {
  built = defaultApp();
});

function statementsOf(name: FunctionName): Statement[] {
  return statementsOfRole(built.template, built.logicalId(built.stack.functions.get(name).role));
}

/** Logical ids of the resources the statements granting `action` point at. */
function targetsOf(name: FunctionName, action: string): string[] {
  const granting = statementsOf(name).filter((statement) => statement.Action.includes(action));
  return [...new Set(granting.flatMap((statement) => referencedIds(statement.Resource)))].sort();
}

function queueIds(names: QueueName[]): string[] {
  return names.map((queue) => built.logicalId(built.stack.queues[queue])).sort();
}

describe('least-privilege grants follow the access table', () => {
  it.each(allNames)('%s may send only to its queues', (name) => {
    expect(targetsOf(name, 'sqs:SendMessage')).toEqual(queueIds([...functionAccess[name].sendsTo]));
  });

  it.each(allNames)('%s may receive only from the queue it consumes (and the batch worker from its DLQ)', (name) => {
    const consumed = expectedConsumes[name];
    const deadLetters = name === 'batchScan' ? [built.logicalId(built.stack.queues.batch.deadLetterQueue!.queue)] : [];
    expect(targetsOf(name, 'sqs:ReceiveMessage')).toEqual([...queueIds(consumed ? [consumed] : []), ...deadLetters].sort());
  });

  it('lets only meta read every queue’s attributes for the health check', () => {
    expect(targetsOf('meta', 'sqs:GetQueueAttributes')).toEqual(queueIds([...queueNames]));
  });

  it.each(allNames)('%s has exactly the DynamoDB actions and indexes of the access table', (name) => {
    const tableId = built.logicalId(built.stack.table);
    const dynamo = statementsOf(name).filter((statement) => statement.Action.some((action) => action.startsWith('dynamodb:')));
    const onTable = dynamo.filter((statement) => !JSON.stringify(statement.Resource).includes('/index/'));
    const onIndexes = dynamo.filter((statement) => JSON.stringify(statement.Resource).includes('/index/'));
    const access = functionAccess[name];
    expect(onTable.flatMap((statement) => statement.Action).sort()).toEqual(access.table.map((action) => `dynamodb:${action}`).sort());
    for (const statement of onTable) expect(referencedIds(statement.Resource)).toEqual([tableId]);
    const indexes = onIndexes.flatMap((statement) =>
      statement.Resource.map((resource) => /\/index\/(\w+)/.exec(JSON.stringify(resource))?.[1]),
    );
    expect(indexes.sort()).toEqual([...(access.indexes ?? [])].sort());
    for (const statement of onIndexes) expect(statement.Action).toEqual(['dynamodb:Query']);
  });

  it('grants Scan (or any DynamoDB wildcard) to nobody, anywhere in the template', () => {
    const policies = JSON.stringify(built.template.findResources('AWS::IAM::Policy'));
    expect(policies).not.toMatch(/dynamodb:Scan|dynamodb:\*|"dynamodb:[A-Za-z]*\*"/);
  });

  it('grants the pepper to the authenticating families, auth and the mail sender, the Web Bot Auth key to its users, Stripe to billing alone', () => {
    const readers = (secretId: string) =>
      allNames.filter((name) => targetsOf(name, 'secretsmanager:GetSecretValue').includes(secretId)).sort();
    expect(readers(built.logicalId(built.stack.secrets.keyPepper))).toEqual(
      ['account', 'auth', 'batch', 'billing', 'mailSender', 'scanner', 'sites', 'webhooks', 'mcp'].sort(),
    );
    // meta serves the Web Bot Auth key directory; the functions that scan sign with that key (decision 097).
    expect(readers(built.logicalId(built.stack.secrets.webBotAuthKey))).toEqual([
      'batchScan',
      'mcp',
      'meta',
      'publicScanner',
      'rescanSite',
      'scanner',
    ]);
    expect(readers(built.logicalId(built.stack.secrets.stripe))).toEqual(['billing']);
    expect(readers(built.logicalId(built.stack.secrets.stripeWebhook))).toEqual(['billing']);
  });

  it('lets only the functions that seal or open secrets read the sealing key, whose secret is encrypted with a rotating KMS key', () => {
    const { secrets } = built.stack;
    const readers = allNames
      .filter((name) => targetsOf(name, 'secretsmanager:GetSecretValue').includes(built.logicalId(secrets.webhookSealingKey)))
      .sort();
    // Webhook signing secrets, and the owners' ACP tokens (docs/decisions/117-acp-checkout-drive-credential.md).
    expect(readers).toEqual(['rescanSite', 'sites', 'webhookDelivery', 'webhooks']);
    // Reading a secret encrypted with a customer key puts the readers' roles in the key's policy, for
    // kms:Decrypt through Secrets Manager only; no function role has any kms: action of its own.
    const keyId = built.logicalId(secrets.webhookSecretKey);
    const key = built.template.findResources('AWS::KMS::Key')[keyId] as {
      Properties: { KeyPolicy: { Statement: Array<{ Action: string | string[]; Principal: { AWS: unknown }; Condition?: unknown }> } };
    };
    const roleIds = new Map(allNames.map((name) => [built.logicalId(built.stack.functions.get(name).role), name]));
    const decrypters = key.Properties.KeyPolicy.Statement.filter((statement) =>
      referencedIds(statement.Principal.AWS).some((id) => roleIds.has(id)),
    );
    for (const statement of decrypters) {
      expect(statement.Action).toEqual('kms:Decrypt');
      expect(JSON.stringify(statement.Condition)).toContain('secretsmanager.');
    }
    expect(
      decrypters
        .flatMap((statement) => referencedIds(statement.Principal.AWS))
        .map((id) => roleIds.get(id))
        .sort(),
    ).toEqual(['rescanSite', 'sites', 'webhookDelivery', 'webhooks']);
    for (const name of allNames)
      expect(
        statementsOf(name).filter((statement) => statement.Action.some((action) => action.startsWith('kms:'))),
        name,
      ).toEqual([]);
    built.template.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true });
    const secret = built.template.findResources('AWS::SecretsManager::Secret')[built.logicalId(secrets.webhookSealingKey)] as {
      Properties: { KmsKeyId: unknown };
    };
    expect(referencedIds(secret.Properties.KmsKeyId)).toEqual([keyId]);
  });

  it('lets only the mail sender use SES, for the sender identity and the configuration set', () => {
    const senders = allNames.filter((name) =>
      statementsOf(name).some((statement) => statement.Action.some((action) => action.startsWith('ses:'))),
    );
    expect(senders).toEqual(['mailSender']);
    const ses = statementsOf('mailSender').filter((statement) => statement.Action.includes('ses:SendEmail'));
    const resources = JSON.stringify(ses.flatMap((statement) => statement.Resource));
    expect(resources).toContain(':identity/no-reply@example.com');
    expect(resources).toContain(':identity/example.com');
    expect(resources).toContain(':configuration-set/');
    expect(resources).not.toContain('identity/*');
  });

  it.each(allNames)("%s uses Resource '*' nowhere (no X-Ray either)", (name) => {
    expect(statementsOf(name).filter((statement) => statement.Resource.includes('*'))).toEqual([]);
  });

  it('attaches no managed policies to function roles', () => {
    const roles = Object.values(built.template.findResources('AWS::IAM::Role')) as { Properties: { ManagedPolicyArns?: unknown[] } }[];
    for (const role of roles) expect(role.Properties.ManagedPolicyArns ?? []).toEqual([]);
  });
});
