import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from '#shared/db/keys.js';
import type { TransactItem } from '#shared/db/transactions.js';

export interface StoredSignInToken {
  accountId: string;
  /** Epoch seconds; also the TTL attribute. */
  expiresAt: number;
}

export async function putSignInToken(
  db: DynamoDBDocumentClient,
  tableName: string,
  digest: string,
  token: StoredSignInToken,
): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName,
      Item: { ...keys.signInToken(digest), type: 'SignInToken', ...token },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** Writing a new token inside a transaction (with the sign-in mail ledger that admits its mail). */
export function putSignInTokenItem(tableName: string, digest: string, token: StoredSignInToken): TransactItem {
  return {
    Put: {
      TableName: tableName,
      Item: { ...keys.signInToken(digest), type: 'SignInToken', ...token },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** Deleting a token whose mail could not be sent: nobody has it, and while it exists it counts as usable. */
export function deleteSignInTokenItem(tableName: string, digest: string): TransactItem {
  return { Delete: { TableName: tableName, Key: keys.signInToken(digest) } };
}

/** The token's record, or null when unknown, used or expired (TTL deletes lazily). */
export async function getSignInToken(
  db: DynamoDBDocumentClient,
  tableName: string,
  digest: string,
  nowSeconds: number,
): Promise<StoredSignInToken | null> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.signInToken(digest), ConsistentRead: true }));
  if (!Item || (Item.expiresAt as number) <= nowSeconds) return null;
  return { accountId: Item.accountId as string, expiresAt: Item.expiresAt as number };
}

/** Deleting the token inside the transaction that issues the key: two exchanges of one token cannot both succeed. */
export function consumeSignInToken(tableName: string, digest: string, nowSeconds: number): TransactItem {
  return {
    Delete: {
      TableName: tableName,
      Key: keys.signInToken(digest),
      ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now',
      ExpressionAttributeValues: { ':now': nowSeconds },
    },
  };
}
