import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from '#shared/db/transactions.js';
import type { ItemKey, Table } from '#shared/db/table.js';

/** A dashboard session, by the HMAC of its token: authenticating is one GetItem; it expires by TTL. */
export const dashboardSessionKey = (digest: string): ItemKey => ({ pk: `SESSION#${digest}`, sk: 'SESSION' });

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
export function putSessionItem(table: Table, session: StoredSession): TransactItem {
  return {
    Put: {
      TableName: table.name,
      Item: { ...dashboardSessionKey(session.digest), type: 'DashboardSession', ...session },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The session behind a token's digest (one consistent GetItem), or null when unknown, ended or expired (TTL deletes lazily). */
export async function getSessionByDigest(table: Table, digest: string, nowSeconds: number): Promise<StoredSession | null> {
  const { Item } = await table.client.send(
    new GetCommand({ TableName: table.name, Key: dashboardSessionKey(digest), ConsistentRead: true }),
  );
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
export async function deleteSession(table: Table, session: Pick<StoredSession, 'digest' | 'accountId'>): Promise<boolean> {
  try {
    await table.client.send(
      new DeleteCommand({
        TableName: table.name,
        Key: dashboardSessionKey(session.digest),
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
