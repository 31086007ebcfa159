import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { adjustAccountCounter } from '#shared/db/account-counters.js';
import { keys } from '#shared/db/keys.js';
import { queryAll } from '#shared/db/query-pages.js';
import { writeTransaction, type TransactItem } from '#shared/db/transactions.js';
import type { Scope } from '#shared/domain/scopes.js';

export interface StoredApiKey {
  id: string;
  digest: string;
  accountId: string;
  label: string;
  keyPrefix: string;
  scopes: Scope[];
  createdAt: string;
  lastUsedAt: string | null;
}

function toStoredKey(item: Record<string, unknown>): StoredApiKey {
  return {
    id: item.id as string,
    digest: item.digest as string,
    accountId: item.accountId as string,
    label: item.label as string,
    keyPrefix: item.keyPrefix as string,
    scopes: item.scopes as Scope[],
    createdAt: item.createdAt as string,
    lastUsedAt: (item.lastUsedAt as string | undefined) ?? null,
  };
}

/** The one read of an authenticated request. */
export async function getApiKeyByDigest(db: DynamoDBDocumentClient, tableName: string, digest: string): Promise<StoredApiKey | null> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.apiKey(digest), ConsistentRead: true }));
  return Item ? toStoredKey(Item) : null;
}

/** An account's keys, oldest first. */
export async function listApiKeys(db: DynamoDBDocumentClient, tableName: string, accountId: string): Promise<StoredApiKey[]> {
  const items = await queryAll(db, {
    TableName: tableName,
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :owner',
    ExpressionAttributeValues: { ':owner': keys.keysByOwner(accountId).gsi1pk },
  });
  return items.map(toStoredKey);
}

export type InsertOutcome = 'inserted' | 'limit_reached' | 'replaced_key_gone' | 'precondition_failed' | 'conflict';

/**
 * Writes a new key in one transaction with the account's key count: either the count grows under the
 * limit, or (`replacing`) an existing key is deleted in the same step so the count stays. `preconditions`
 * join the transaction (a sign-in token consumed by this very key); their failure is reported as such.
 */
export async function insertApiKey(
  db: DynamoDBDocumentClient,
  tableName: string,
  key: StoredApiKey,
  options: { keyLimit: number; replacing?: StoredApiKey; preconditions?: TransactItem[] },
): Promise<InsertOutcome> {
  const put: TransactItem = {
    Put: {
      TableName: tableName,
      Item: { ...keys.apiKey(key.digest), type: 'ApiKey', ...key, lastUsedAt: undefined, ...keys.keysByOwner(key.accountId), ...keys.keyOwnerSort(key.createdAt, key.id) },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
  const countChange: TransactItem[] = options.replacing
    ? [
        {
          Delete: {
            TableName: tableName,
            Key: keys.apiKey(options.replacing.digest),
            ConditionExpression: 'attribute_exists(pk) AND accountId = :account',
            ExpressionAttributeValues: { ':account': key.accountId },
          },
        },
      ]
    : [adjustAccountCounter(tableName, key.accountId, 'keyCount', 1, options.keyLimit)];
  const preconditions = options.preconditions ?? [];
  const codes = await writeTransaction(db, [...preconditions, put, ...countChange]);
  if (!codes) return 'inserted';
  if (codes.slice(0, preconditions.length).includes('ConditionalCheckFailed')) return 'precondition_failed';
  if (codes.at(-1) === 'ConditionalCheckFailed') return options.replacing ? 'replaced_key_gone' : 'limit_reached';
  return 'conflict';
}

/** Deletes a key of the account and lowers its key count; false when it was already gone. */
export async function deleteApiKey(db: DynamoDBDocumentClient, tableName: string, key: StoredApiKey): Promise<boolean> {
  const codes = await writeTransaction(db, [
    {
      Delete: {
        TableName: tableName,
        Key: keys.apiKey(key.digest),
        ConditionExpression: 'attribute_exists(pk) AND accountId = :account',
        ExpressionAttributeValues: { ':account': key.accountId },
      },
    },
    adjustAccountCounter(tableName, key.accountId, 'keyCount', -1),
  ]);
  if (!codes) return true;
  if (codes[0] === 'ConditionalCheckFailed') return false;
  throw new Error(`Deleting an API key was cancelled: ${codes.join(', ')}`);
}

/** Sets lastUsedAt unless it was set after `notAfter`: at most one write per key per interval. */
export async function touchApiKey(db: DynamoDBDocumentClient, tableName: string, digest: string, now: string, notAfter: string): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.apiKey(digest),
        UpdateExpression: 'SET lastUsedAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(lastUsedAt) OR lastUsedAt < :notAfter)',
        ExpressionAttributeValues: { ':now': now, ':notAfter': notAfter },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}
