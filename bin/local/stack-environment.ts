import { envName } from '#shared/config.js';
import { queueNames, type QueueName } from '#shared/adapters/queue.js';
import { localCredentials } from './local-aws.js';

export interface LocalEndpoints {
  region: string;
  tableName: string;
  dynamodb: string;
  sqs: string;
  ses: string;
  queueUrls: Record<QueueName, string>;
  /** The batch queue's dead-letter queue, which the batch worker also consumes. */
  batchDeadLetterQueueArn: string;
  publicBaseUrl: string;
}

/** The variables that point the handlers at the local services, named as shared/config.ts reads them. */
export function localEnvironment(endpoints: LocalEndpoints): Record<string, string> {
  const queueVariables = Object.fromEntries(queueNames.map((queue) => [envName(`${queue}QueueUrl`), endpoints.queueUrls[queue]]));
  return {
    [envName('awsRegion')]: endpoints.region,
    AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
    [envName('tableName')]: endpoints.tableName,
    [envName('dynamodbEndpoint')]: endpoints.dynamodb,
    [envName('sqsEndpoint')]: endpoints.sqs,
    [envName('sesEndpoint')]: endpoints.ses,
    [envName('publicBaseUrl')]: endpoints.publicBaseUrl,
    [envName('batchDeadLetterQueueArn')]: endpoints.batchDeadLetterQueueArn,
    ...queueVariables,
  };
}

/** Variables that would pair a developer's real AWS identity with the fake local keys. */
export const conflictingAwsVariables = ['AWS_SESSION_TOKEN', 'AWS_PROFILE'];
