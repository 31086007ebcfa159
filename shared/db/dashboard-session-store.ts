import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from '#shared/db/keys.js';
import type { TransactItem } from '#shared/db/transactions.js';

/** A dashboard session as stored: never counted or listed with the account's API keys. */
export interface StoredSession {
  id: string;
  digest: string;
  accountId: string;
  createdAt: string;
  /** Epoch seconds; also the table's TTL attribute. */
  expiresAt: number;
}

/** The session's item, for the transaction that also consumes the sign-in token it comes from. */
export function putSessionItem(tableName: string, session: StoredSession): TransactItem {
  return {
    Put: {
      TableName: tableName,
      Item: { ...keys.dashboardSession(session.digest), type: 'DashboardSession', ...session },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The session behind a token's digest (one consistent GetItem), or null when unknown, ended or expired (TTL deletes lazily). */
export async function getSessionByDigest(
  db: DynamoDBDocumentClient,
  tableName: string,
  digest: string,
  nowSeconds: number,
): Promise<StoredSession | null> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.dashboardSession(digest), ConsistentRead: true }));
  if (!Item || (Item.expiresAt as number) <= nowSeconds) return null;
  return {
    id: Item.id as string,
    digest: Item.digest as string,
    accountId: Item.accountId as string,
    createdAt: Item.createdAt as string,
    expiresAt: Item.expiresAt as number,
  };
}

/** Ends a session; false when it was already gone (a second sign-out, or two at once). */
export async function deleteSession(
  db: DynamoDBDocumentClient,
  tableName: string,
  session: Pick<StoredSession, 'digest' | 'accountId'>,
): Promise<boolean> {
  try {
    await db.send(
      new DeleteCommand({
        TableName: tableName,
        Key: keys.dashboardSession(session.digest),
        ConditionExpression: 'attribute_exists(pk) AND accountId = :account',
        ExpressionAttributeValues: { ':account': session.accountId },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
