import { beforeAll, describe, expect, it } from 'vitest';
import { queueNames, type QueueName } from '#shared/adapters/queue.js';
import { maxDeliveryAttempts } from '#shared/model/webhooks/retry-schedule.js';
import { tableDefinition } from '#shared/db/table-definition.js';
import { maxReceiveCountOf } from '#shared/adapters/queue-redrive.js';
import { buildApp, referencedIds, type BuiltApp, defaultApp } from '#test/infra/support/readiness-app.js';

type Resource = { Type: string; Properties: Record<string, unknown>; DeletionPolicy?: string; UpdateReplacePolicy?: string };

let dev: BuiltApp;
let prod: BuiltApp;

beforeAll(() => {
  dev = defaultApp();
  prod = buildApp({ stage: 'prod', sesIdentity: 'scanner.example.org' });
});

function resources(built: BuiltApp, type: string): Record<string, Resource> {
  return built.template.findResources(type) as Record<string, Resource>;
}

describe('the single DynamoDB table', () => {
  it('is on-demand with point-in-time recovery, TTL on expiresAt and the shared key schema', () => {
    dev.template.resourceCountIs('AWS::DynamoDB::Table', 1);
    dev.template.hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      KeySchema: [
        { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
      ],
      SSESpecification: { SSEEnabled: true },
    });
  });

  it('has every GSI of the table definition, projecting all attributes', () => {
    const [table] = Object.values(resources(dev, 'AWS::DynamoDB::Table'));
    const indexes = table!.Properties.GlobalSecondaryIndexes as { IndexName: string; KeySchema: unknown[]; Projection: unknown }[];
    expect(indexes.map((index) => index.IndexName).sort()).toEqual(tableDefinition.indexes.map((index) => index.name).sort());
    for (const definition of tableDefinition.indexes) {
      expect(indexes.find((index) => index.IndexName === definition.name)).toMatchObject({
        KeySchema: [
          { AttributeName: definition.partitionKey, KeyType: 'HASH' },
          { AttributeName: definition.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'KEYS_ONLY' },
      });
    }
  });

  it('is protected and retained in prod, disposable elsewhere', () => {
    const [prodTable] = Object.values(resources(prod, 'AWS::DynamoDB::Table'));
    expect(prodTable).toMatchObject({
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: { DeletionProtectionEnabled: true },
    });
    const [devTable] = Object.values(resources(dev, 'AWS::DynamoDB::Table'));
    expect(devTable).toMatchObject({ DeletionPolicy: 'Delete', Properties: { DeletionProtectionEnabled: false } });
  });

  it('retains secrets and logs in prod and keeps logs three months there', () => {
    for (const secret of Object.values(resources(prod, 'AWS::SecretsManager::Secret'))) expect(secret.DeletionPolicy).toBe('Retain');
    for (const logGroup of Object.values(resources(prod, 'AWS::Logs::LogGroup'))) {
      expect(logGroup).toMatchObject({ DeletionPolicy: 'Retain', Properties: { RetentionInDays: 90 } });
    }
  });
});

describe('work queues', () => {
  const mainQueues = () => {
    const byName = Object.fromEntries(queueNames.map((name) => [name, dev.logicalId(dev.stack.queues[name])]));
    return Object.entries(byName).map(([name, id]) => ({ name, id, resource: resources(dev, 'AWS::SQS::Queue')[id]! }));
  };

  it('has one queue per queue name, each with its own dead-letter queue', () => {
    // Each work queue and its DLQ, plus the weekly schedule's DLQ (test/infra/alarms.test.ts).
    dev.template.resourceCountIs('AWS::SQS::Queue', queueNames.length * 2 + 1);
    const deadLetterIds = mainQueues().map(({ name, resource }) => {
      const redrive = resource.Properties.RedrivePolicy as { deadLetterTargetArn: unknown; maxReceiveCount: number };
      expect(redrive.maxReceiveCount).toBe(maxReceiveCountOf(name as QueueName));
      const [deadLetterId] = referencedIds(redrive.deadLetterTargetArn);
      return deadLetterId!;
    });
    expect(new Set(deadLetterIds).size).toBe(queueNames.length);
  });

  it("lets a webhook delivery's message come back for every retry (its retries are receives)", () => {
    const webhook = mainQueues().find(({ name }) => name === 'webhook')!;
    expect((webhook.resource.Properties.RedrivePolicy as { maxReceiveCount: number }).maxReceiveCount).toBeGreaterThan(maxDeliveryAttempts);
    expect(webhook.resource.Properties.MessageRetentionPeriod ?? 4 * 86_400).toBeGreaterThanOrEqual(2 * 86_400);
  });

  it('encrypts every queue and refuses requests without TLS', () => {
    for (const [id, queue] of Object.entries(resources(dev, 'AWS::SQS::Queue'))) {
      expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
      const policies = Object.values(resources(dev, 'AWS::SQS::QueuePolicy')).filter((policy) =>
        referencedIds(policy.Properties.Queues).includes(id),
      );
      expect(JSON.stringify(policies)).toContain('"aws:SecureTransport":"false"');
    }
  });

  it('alarms to the SNS topic as soon as a message reaches a dead-letter queue', () => {
    const topicIds = Object.keys(resources(dev, 'AWS::SNS::Topic'));
    const alarms = Object.values(resources(dev, 'AWS::CloudWatch::Alarm'));
    for (const { resource } of mainQueues()) {
      const [deadLetterId] = referencedIds((resource.Properties.RedrivePolicy as { deadLetterTargetArn: unknown }).deadLetterTargetArn);
      const alarm = alarms.find((candidate) => referencedIds(candidate.Properties.Dimensions).includes(deadLetterId!));
      expect(alarm?.Properties).toMatchObject({
        Namespace: 'AWS/SQS',
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        EvaluationPeriods: 1,
      });
      expect(referencedIds(alarm!.Properties.AlarmActions)).toEqual(topicIds);
    }
  });

  it('holds a message invisible for six times its consumer’s timeout', () => {
    const functions = resources(dev, 'AWS::Lambda::Function');
    const queues = resources(dev, 'AWS::SQS::Queue');
    for (const mapping of Object.values(resources(dev, 'AWS::Lambda::EventSourceMapping'))) {
      const [queueId] = referencedIds(mapping.Properties.EventSourceArn);
      const [functionId] = referencedIds(mapping.Properties.FunctionName);
      const timeout = functions[functionId!]!.Properties.Timeout as number;
      expect(queues[queueId!]!.Properties.VisibilityTimeout).toBe(timeout * 6);
    }
  });

  it('enforces TLS on the alarm topic and subscribes an e-mail only when alarmEmail is set', () => {
    const topicPolicies = Object.values(resources(dev, 'AWS::SNS::TopicPolicy'));
    expect(topicPolicies).toHaveLength(1);
    expect(JSON.stringify(topicPolicies[0])).toContain('"aws:SecureTransport":"false"');
    dev.template.resourceCountIs('AWS::SNS::Subscription', 0);
    const withEmail = buildApp({ alarmEmail: 'ops@example.org' });
    withEmail.template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.org' });
  });
});
