import type { RequestedAccess } from './policy-evaluation.js';

export type AwsService = 'dynamodb' | 'sqs' | 'ses' | 'secretsmanager';

/** One request to the local AWS endpoint, as IAM sees it: the service, its operation and what it asks for. */
export interface AwsCall {
  service: AwsService;
  operation: string;
  accesses: RequestedAccess[];
}

export interface AwsRequest {
  method: string;
  path: string;
  target: string | undefined;
  body: Buffer;
}

/** Where names in a request lead: the local account, and the queues and secrets it holds. */
export interface CallContext {
  region: string;
  accountId: string;
  queueArnOf: (queueUrlOrName: string) => string | undefined;
  secretArnOf: (secretId: string) => string | undefined;
}

/**
 * What a request does in IAM's terms (the actions and resources the AWS service authorises, per its
 * service authorization reference), or why it cannot be told: such a request is refused, never passed.
 * Covers what the SDK clients of the service send: DynamoDB, SQS and Secrets Manager over the JSON
 * protocols (operation in X-Amz-Target), SES v2 over REST.
 */
export function describeCall(request: AwsRequest, context: CallContext): AwsCall | { unknown: string } {
  const [prefix, operation] = (request.target ?? '').split('.', 2);
  try {
    if (prefix === 'DynamoDB_20120810' && operation)
      return { service: 'dynamodb', operation, accesses: dynamodb(operation, json(request), context) };
    if (prefix === 'AmazonSQS' && operation) return { service: 'sqs', operation, accesses: sqs(operation, json(request), context) };
    if (prefix === 'secretsmanager' && operation)
      return { service: 'secretsmanager', operation, accesses: secretsManager(operation, json(request), context) };
    if (request.method === 'POST' && request.path.split('?')[0] === '/v2/email/outbound-emails')
      return { service: 'ses', operation: 'SendEmail', accesses: sesSend(json(request), context) };
  } catch (error) {
    return { unknown: (error as Error).message };
  }
  return {
    unknown: `${request.method} ${request.path}${request.target ? ` (${request.target})` : ''} is no operation the local IAM check knows`,
  };
}

type Json = Record<string, unknown>;

function json(request: AwsRequest): Json {
  const value: unknown = request.body.length === 0 ? {} : JSON.parse(request.body.toString('utf8'));
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error('The request body is not a JSON object');
  return value as Json;
}

function text(value: unknown, field: string): string {
  if (typeof value !== 'string' || value === '') throw new Error(`The request has no ${field}`);
  return value;
}

function objectKeys(value: unknown, field: string): string[] {
  if (value === null || typeof value !== 'object') throw new Error(`The request has no ${field}`);
  return Object.keys(value);
}

const transactionActions: Record<string, string> = {
  Put: 'PutItem',
  Update: 'UpdateItem',
  Delete: 'DeleteItem',
  ConditionCheck: 'ConditionCheckItem',
  Get: 'GetItem',
};

function dynamodb(operation: string, body: Json, context: CallContext): RequestedAccess[] {
  const tableArn = (name: string) =>
    name.startsWith('arn:') ? name : `arn:aws:dynamodb:${context.region}:${context.accountId}:table/${name}`;
  switch (operation) {
    case 'BatchGetItem':
    case 'BatchWriteItem':
      return objectKeys(body.RequestItems, 'RequestItems').map((table) => ({ action: `dynamodb:${operation}`, resource: tableArn(table) }));
    case 'TransactWriteItems':
    case 'TransactGetItems': {
      if (!Array.isArray(body.TransactItems)) throw new Error('The request has no TransactItems');
      // A transaction is authorised item by item, by each item's own action (DynamoDB's developer guide).
      return (body.TransactItems as Json[]).map((item) => {
        const [kind, detail] = Object.entries(item)[0] ?? [];
        const action = kind === undefined ? undefined : transactionActions[kind];
        if (action === undefined) throw new Error(`A transaction item of kind ${kind} is unknown`);
        return { action: `dynamodb:${action}`, resource: tableArn(text((detail as Json | undefined)?.TableName, 'TableName')) };
      });
    }
    case 'ListTables':
      return [{ action: 'dynamodb:ListTables', resource: '*' }];
    default: {
      const table = tableArn(text(body.TableName, 'TableName'));
      const index = typeof body.IndexName === 'string' ? `${table}/index/${body.IndexName}` : undefined;
      return [{ action: `dynamodb:${operation}`, resource: index ?? table }];
    }
  }
}

/** SQS authorises a batch as its single action. */
const sqsActions: Record<string, string> = {
  SendMessageBatch: 'SendMessage',
  DeleteMessageBatch: 'DeleteMessage',
  ChangeMessageVisibilityBatch: 'ChangeMessageVisibility',
};

function sqs(operation: string, body: Json, context: CallContext): RequestedAccess[] {
  const action = `sqs:${sqsActions[operation] ?? operation}`;
  if (operation === 'ListQueues') return [{ action, resource: '*' }];
  const queue =
    operation === 'GetQueueUrl' || operation === 'CreateQueue' ? text(body.QueueName, 'QueueName') : text(body.QueueUrl, 'QueueUrl');
  const arn = context.queueArnOf(queue);
  if (arn === undefined) throw new Error(`No local queue is ${queue}`);
  return [{ action, resource: arn }];
}

function secretsManager(operation: string, body: Json, context: CallContext): RequestedAccess[] {
  const id = text(body.SecretId, 'SecretId');
  return [{ action: `secretsmanager:${operation}`, resource: context.secretArnOf(id) ?? id }];
}

/**
 * SES authorises a send against the sender's identity (the domain of the From address here: the stack
 * grants the address and its domain) and the configuration set it names.
 */
function sesSend(body: Json, context: CallContext): RequestedAccess[] {
  const arn = (resource: string) => `arn:aws:ses:${context.region}:${context.accountId}:${resource}`;
  const from = text(body.FromEmailAddress, 'FromEmailAddress');
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  const domain = address.slice(address.lastIndexOf('@') + 1);
  const identity = typeof body.FromEmailAddressIdentityArn === 'string' ? body.FromEmailAddressIdentityArn : arn(`identity/${domain}`);
  const accesses = [{ action: 'ses:SendEmail', resource: identity }];
  if (typeof body.ConfigurationSetName === 'string') {
    accesses.push({ action: 'ses:SendEmail', resource: arn(`configuration-set/${body.ConfigurationSetName}`) });
  }
  return accesses;
}
