import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Config } from '#shared/config.js';

/** Local stand-ins accept any credentials; in AWS the Lambda role supplies them. */
const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };

export function createDocumentClient(config: Pick<Config, 'awsRegion' | 'dynamodbEndpoint'>): DynamoDBDocumentClient {
  const local = config.dynamodbEndpoint !== '';
  const client = new DynamoDBClient({
    region: config.awsRegion,
    ...(local ? { endpoint: config.dynamodbEndpoint, credentials: localCredentials } : {}),
  });
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
}
