import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Config } from '#shared/config.js';
import { guardDatabaseFaults } from '#shared/db/database-faults.js';
import { bindTable, type Table } from '#shared/db/table.js';

/** Local stand-ins accept any credentials; in AWS the Lambda role supplies them. */
const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };

export type ClientTimeouts = Pick<Config, 'dynamodbConnectTimeoutMs' | 'dynamodbRequestTimeoutMs' | 'dynamodbMaxAttempts'>;

/**
 * The table's client. Every call has a deadline (connection and whole request), so no call outlives the
 * function that made it, and a write that got no answer is never sent twice (database-faults.ts).
 */
export function createDocumentClient(config: Pick<Config, 'awsRegion' | 'dynamodbEndpoint'> & ClientTimeouts): DynamoDBDocumentClient {
  const local = config.dynamodbEndpoint !== '';
  const client = new DynamoDBClient({
    region: config.awsRegion,
    maxAttempts: config.dynamodbMaxAttempts,
    requestHandler: {
      connectionTimeout: config.dynamodbConnectTimeoutMs,
      requestTimeout: config.dynamodbRequestTimeoutMs,
      throwOnRequestTimeout: true,
    },
    ...(local ? { endpoint: config.dynamodbEndpoint, credentials: localCredentials } : {}),
  });
  guardDatabaseFaults(client);
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
}

/** The configured table bound to a new client: what an entry point gives its dependencies. */
export function createTable(config: Pick<Config, 'awsRegion' | 'dynamodbEndpoint' | 'tableName'> & ClientTimeouts): Table {
  return bindTable(createDocumentClient(config), config.tableName);
}
