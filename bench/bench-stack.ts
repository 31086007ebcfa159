import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { SQSClient } from '@aws-sdk/client-sqs';
import { queueNames } from '#shared/adapters/queue.js';
import { envName, loadConfig, type Config } from '#shared/config.js';
import { bindTable, type Table } from '#shared/db/table.js';
import { ensureTable } from '../bin/local/create-table.js';
import { startDynamoDbLocal } from '../bin/local/dynamodb-local.js';
import { findFreePort } from '../bin/local/free-port.js';
import { queueVisibilityTimeoutSeconds } from '../bin/local/function-sizing.js';
import { localClientConfig } from '../bin/local/local-aws.js';
import { startSqsLocal, type SqsLocal } from '../bin/local/sqs-local.js';

export const benchRegion = 'eu-west-2';
export const benchTable = 'readiness';

export interface BenchStack {
  table: Table;
  sqs: SqsLocal;
  sqsClient: SQSClient;
  /** The service's settings pointing at these stand-ins, also put into process.env for the workers' own config. */
  config: Config;
  stop(): Promise<void>;
}

/**
 * DynamoDB Local (in memory) and fauxqs on free ports, the table created, every queue's URL and
 * `extraEnv` in the environment: what a bench child process drives the real workers against.
 */
export async function startBenchStack(extraEnv: Record<string, string> = {}): Promise<BenchStack> {
  const dynamo = await startDynamoDbLocal({ port: await findFreePort(), dataDir: null });
  const sqs = await startSqsLocal({ port: 0, region: benchRegion, visibilityTimeoutSeconds: queueVisibilityTimeoutSeconds });
  const client = new DynamoDBClient(localClientConfig(dynamo.endpoint, benchRegion));
  await ensureTable(client, benchTable);
  const env = {
    TABLE_NAME: benchTable,
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    SQS_ENDPOINT: sqs.endpoint,
    ...Object.fromEntries(queueNames.map((queue) => [envName(`${queue}QueueUrl`), sqs.queues[queue].url])),
    ALLOW_PRIVATE_TARGETS: '127.0.0.1',
    LOG_LEVEL: 'ERROR',
    ...extraEnv,
  };
  Object.assign(process.env, env);
  const sqsClient = new SQSClient(localClientConfig(sqs.endpoint, benchRegion));
  return {
    table: bindTable(DynamoDBDocumentClient.from(client), benchTable),
    sqs,
    sqsClient,
    config: loadConfig(env),
    stop: async () => {
      sqsClient.destroy();
      client.destroy();
      await sqs.stop();
      await dynamo.stop();
    },
  };
}
