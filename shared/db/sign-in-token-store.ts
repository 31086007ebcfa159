import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from '#shared/db/transactions.js';
import type { ItemKey, Table } from '#shared/db/table.js';

/** A sign-in link's token, by its SHA-256 digest (the token itself is never stored). */
export const signInTokenKey = (digest: string): ItemKey => ({ pk: `SIGNIN#${digest}`, sk: 'SIGNIN' });

export interface StoredSignInToken {
  accountId: string;
  /** Epoch seconds; also the TTL attribute. */
  expiresAt: number;
}

export async function putSignInToken(table: Table, digest: string, token: StoredSignInToken): Promise<void> {
  await table.client.send(
    new PutCommand({
      TableName: table.name,
      Item: { ...signInTokenKey(digest), type: 'SignInToken', ...token },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** Writing a new token inside a transaction (with the sign-in mail ledger that admits its mail). */
export function putSignInTokenItem(table: Table, digest: string, token: StoredSignInToken): TransactItem {
  return {
    Put: {
      TableName: table.name,
      Item: { ...signInTokenKey(digest), type: 'SignInToken', ...token },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** Deleting a token whose mail could not be sent: nobody has it, and while it exists it counts as usable. */
export function deleteSignInTokenItem(table: Table, digest: string): TransactItem {
  return { Delete: { TableName: table.name, Key: signInTokenKey(digest) } };
}

/** The token's record, or null when unknown, used or expired (TTL deletes lazily). */
export async function getSignInToken(table: Table, digest: string, nowSeconds: number): Promise<StoredSignInToken | null> {
  const { Item } = await table.client.send(new GetCommand({ TableName: table.name, Key: signInTokenKey(digest), ConsistentRead: true }));
  if (!Item || (Item.expiresAt as number) <= nowSeconds) return null;
  return { accountId: Item.accountId as string, expiresAt: Item.expiresAt as number };
}

/** Deleting the token inside the transaction that issues the key: two exchanges of one token cannot both succeed. */
export function consumeSignInToken(table: Table, digest: string, nowSeconds: number): TransactItem {
  return {
    Delete: {
      TableName: table.name,
      Key: signInTokenKey(digest),
      ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now',
      ExpressionAttributeValues: { ':now': nowSeconds },
    },
  };
}
