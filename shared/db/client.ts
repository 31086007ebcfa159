import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Config } from '#shared/config.js';
import { guardDatabaseFaults } from '#shared/db/database-faults.js';

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
