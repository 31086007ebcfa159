import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite } from '#shared/db/conditional-write.js';
import { keys } from '#shared/db/keys.js';
import type { DigestEntry } from '#shared/domain/rescans/digest-entry.js';

/** Adds an entry to the account's pending digest (one write, whatever else is being added). */
export async function appendDigestEntry(db: DynamoDBDocumentClient, tableName: string, accountId: string, entry: DigestEntry): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.alertDigest(accountId),
      UpdateExpression: 'SET entries = list_append(if_not_exists(entries, :empty), :entry), #type = :type',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':empty': [], ':entry': [entry], ':type': 'AlertDigest' },
    }),
  );
}

/** True for the first caller of an account and sweep: it schedules that sweep's digest mail. */
export async function markDigestScheduled(db: DynamoDBDocumentClient, tableName: string, accountId: string, slot: string, expiresAt: number): Promise<boolean> {
  return conditionalWrite(
    db.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...keys.alertDigestJob(accountId, slot), type: 'AlertDigestJob', expiresAt },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

export async function pendingDigestEntries(db: DynamoDBDocumentClient, tableName: string, accountId: string): Promise<DigestEntry[]> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.alertDigest(accountId), ConsistentRead: true }));
  return (Item?.entries as DigestEntry[] | undefined) ?? [];
}

/** Removes the first `count` entries (the ones mailed); entries added meanwhile stay for the next digest. */
export async function dropDigestEntries(db: DynamoDBDocumentClient, tableName: string, accountId: string, count: number): Promise<void> {
  if (count === 0) return;
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.alertDigest(accountId),
      UpdateExpression: `REMOVE ${Array.from({ length: count }, (_, index) => `entries[${index}]`).join(', ')}`,
      ConditionExpression: 'size(entries) >= :count',
      ExpressionAttributeValues: { ':count': count },
    }),
  );
}
