import { describe, expect, it } from 'vitest';
import { describeCall, type AwsRequest } from '../../../../bin/local/iam/aws-call.js';

const context = {
  region: 'eu-west-2',
  accountId: '000000000000',
  queueArnOf: (queue: string) =>
    queue.endsWith('/readiness-batch') || queue === 'readiness-batch' ? 'arn:aws:sqs:eu-west-2:000000000000:readiness-batch' : undefined,
  secretArnOf: (id: string) => (id === 'keyPepper' ? 'arn:aws:secretsmanager:eu-west-2:000000000000:secret:pepper-L0CAL0' : undefined),
};
const table = 'arn:aws:dynamodb:eu-west-2:000000000000:table/readiness';

function rpc(target: string, body: unknown): AwsRequest {
  return { method: 'POST', path: '/', target, body: Buffer.from(JSON.stringify(body)) };
}

describe('what a request to the local AWS endpoint asks IAM for', () => {
  it('names the table, or its index for a query of one', () => {
    expect(describeCall(rpc('DynamoDB_20120810.GetItem', { TableName: 'readiness', Key: {} }), context)).toEqual({
      service: 'dynamodb',
      operation: 'GetItem',
      accesses: [{ action: 'dynamodb:GetItem', resource: table }],
    });
    expect(describeCall(rpc('DynamoDB_20120810.Query', { TableName: 'readiness', IndexName: 'gsi1' }), context)).toMatchObject({
      accesses: [{ action: 'dynamodb:Query', resource: `${table}/index/gsi1` }],
    });
  });

  it('asks for each table of a batch, and for each item of a transaction by its own action', () => {
    expect(describeCall(rpc('DynamoDB_20120810.BatchGetItem', { RequestItems: { readiness: {}, other: {} } }), context)).toMatchObject({
      accesses: [
        { action: 'dynamodb:BatchGetItem', resource: table },
        { action: 'dynamodb:BatchGetItem', resource: 'arn:aws:dynamodb:eu-west-2:000000000000:table/other' },
      ],
    });
    const items = [
      { Put: { TableName: 'readiness' } },
      { Update: { TableName: 'readiness' } },
      { ConditionCheck: { TableName: 'readiness' } },
    ];
    expect(describeCall(rpc('DynamoDB_20120810.TransactWriteItems', { TransactItems: items }), context)).toMatchObject({
      accesses: [
        { action: 'dynamodb:PutItem', resource: table },
        { action: 'dynamodb:UpdateItem', resource: table },
        { action: 'dynamodb:ConditionCheckItem', resource: table },
      ],
    });
  });

  it('names a queue by its ARN, a batch by its single action, and cannot tell an unknown queue', () => {
    const url = 'http://127.0.0.1:9/000000000000/readiness-batch';
    expect(describeCall(rpc('AmazonSQS.SendMessageBatch', { QueueUrl: url, Entries: [] }), context)).toEqual({
      service: 'sqs',
      operation: 'SendMessageBatch',
      accesses: [{ action: 'sqs:SendMessage', resource: 'arn:aws:sqs:eu-west-2:000000000000:readiness-batch' }],
    });
    expect(describeCall(rpc('AmazonSQS.GetQueueUrl', { QueueName: 'readiness-batch' }), context)).toMatchObject({
      accesses: [{ action: 'sqs:GetQueueUrl' }],
    });
    expect(describeCall(rpc('AmazonSQS.SendMessage', { QueueUrl: 'http://127.0.0.1:9/000000000000/elsewhere' }), context)).toEqual({
      unknown: 'No local queue is http://127.0.0.1:9/000000000000/elsewhere',
    });
  });

  it("asks SES for the sender's domain identity and the configuration set", () => {
    const send = { FromEmailAddress: 'Agent Readiness <no-reply@example.com>', ConfigurationSetName: 'readiness-local' };
    expect(
      describeCall(
        { method: 'POST', path: '/v2/email/outbound-emails', target: undefined, body: Buffer.from(JSON.stringify(send)) },
        context,
      ),
    ).toEqual({
      service: 'ses',
      operation: 'SendEmail',
      accesses: [
        { action: 'ses:SendEmail', resource: 'arn:aws:ses:eu-west-2:000000000000:identity/example.com' },
        { action: 'ses:SendEmail', resource: 'arn:aws:ses:eu-west-2:000000000000:configuration-set/readiness-local' },
      ],
    });
  });

  it('names a secret by its ARN, given by name or ARN', () => {
    expect(describeCall(rpc('secretsmanager.GetSecretValue', { SecretId: 'keyPepper' }), context)).toMatchObject({
      accesses: [
        { action: 'secretsmanager:GetSecretValue', resource: 'arn:aws:secretsmanager:eu-west-2:000000000000:secret:pepper-L0CAL0' },
      ],
    });
  });

  it('cannot tell what an unknown operation, a malformed body or another service asks for', () => {
    expect(describeCall(rpc('DynamoDB_20120810.GetItem', { Key: {} }), context)).toEqual({ unknown: 'The request has no TableName' });
    expect(describeCall({ method: 'POST', path: '/', target: 'DynamoDB_20120810.GetItem', body: Buffer.from('[1]') }, context)).toEqual({
      unknown: 'The request body is not a JSON object',
    });
    expect(describeCall(rpc('DynamoDB_20120810.TransactWriteItems', { TransactItems: [{ Scan: {} }] }), context)).toEqual({
      unknown: 'A transaction item of kind Scan is unknown',
    });
    expect(describeCall({ method: 'GET', path: '/2015-03-31/functions', target: undefined, body: Buffer.alloc(0) }, context)).toMatchObject(
      {
        unknown: expect.stringContaining('no operation the local IAM check knows'),
      },
    );
  });
});
