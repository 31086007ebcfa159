import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from '#shared/db/keys.js';

/** One consistent read of a key that never exists: proves the table answers and the role may read it. */
export async function probeTable(db: DynamoDBDocumentClient, tableName: string): Promise<void> {
  await db.send(new GetCommand({ TableName: tableName, Key: keys.healthProbe(), ConsistentRead: true }));
}
