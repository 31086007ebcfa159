import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { adjustAccountCounter } from '#shared/db/account-counters.js';
import { batchGet } from '#shared/db/batch-get.js';
import { queryAll } from '#shared/db/query-pages.js';
import { writeTransaction, type TransactItem } from '#shared/db/transactions.js';
import type { Scope } from '#shared/model/scopes.js';
import type { ItemKey, Table } from '#shared/db/table.js';
import type { StoredApiKey } from '#shared/model/accounts/api-key.js';

/** An API key, by the HMAC of the full key: authenticating is one GetItem. */
export const apiKeyItemKey = (digest: string): ItemKey => ({ pk: `APIKEY#${digest}`, sk: 'APIKEY' });
/**
 * An API key's entry in its account's partition, written with the key: listing is one consistent
 * Query and revoking finds the key by id with one consistent GetItem (no eventually consistent index).
 */
export const apiKeyRefKey = (accountId: string, keyId: string): ItemKey => ({ pk: `ACCOUNT#${accountId}`, sk: `KEY#${keyId}` });
export const apiKeyRefsOf = (accountId: string) => ({ pk: `ACCOUNT#${accountId}`, skPrefix: 'KEY#' });

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
export async function getApiKeyByDigest(table: Table, digest: string): Promise<StoredApiKey | null> {
  const { Item } = await table.client.send(new GetCommand({ TableName: table.name, Key: apiKeyItemKey(digest), ConsistentRead: true }));
  return Item ? toStoredKey(Item) : null;
}

/** An account's keys, oldest first: its key entries (one consistent Query), then the keys (one consistent BatchGet). */
export async function listApiKeys(table: Table, accountId: string): Promise<StoredApiKey[]> {
  const refs = apiKeyRefsOf(accountId);
  const entries = await queryAll(table.client, {
    TableName: table.name,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': refs.pk, ':prefix': refs.skPrefix },
    ProjectionExpression: 'digest',
    ConsistentRead: true,
  });
  if (entries.length === 0) return [];
  const items = await batchGet(
    table,
    entries.map((entry) => apiKeyItemKey(entry.digest as string)),
    { consistent: true },
  );
  return items.map(toStoredKey).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/** One of the account's keys by id (a consistent read), or null: another account's key id is not found. */
export async function findApiKey(table: Table, accountId: string, keyId: string): Promise<StoredApiKey | null> {
  const { Item: entry } = await table.client.send(
    new GetCommand({ TableName: table.name, Key: apiKeyRefKey(accountId, keyId), ConsistentRead: true }),
  );
  if (!entry) return null;
  const key = await getApiKeyByDigest(table, entry.digest as string);
  return key && key.accountId === accountId ? key : null;
}

/** Writes a key's two items: itself (by digest, for authentication) and its entry in the account's partition. */
function putKeyItems(table: Table, key: StoredApiKey): TransactItem[] {
  return [
    {
      Put: {
        TableName: table.name,
        Item: { ...apiKeyItemKey(key.digest), type: 'ApiKey', ...key, lastUsedAt: undefined },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: table.name,
        Item: { ...apiKeyRefKey(key.accountId, key.id), type: 'ApiKeyRef', id: key.id, digest: key.digest, createdAt: key.createdAt },
      },
    },
  ];
}

/** Deletes a key's two items; the first fails its condition when the key is already gone. */
function deleteKeyItems(table: Table, key: StoredApiKey): TransactItem[] {
  return [
    {
      Delete: {
        TableName: table.name,
        Key: apiKeyItemKey(key.digest),
        ConditionExpression: 'attribute_exists(pk) AND accountId = :account',
        ExpressionAttributeValues: { ':account': key.accountId },
      },
    },
    { Delete: { TableName: table.name, Key: apiKeyRefKey(key.accountId, key.id) } },
  ];
}

export type InsertOutcome = 'inserted' | 'limit_reached' | 'replaced_key_gone' | 'precondition_failed' | 'conflict';

/**
 * Writes a new key in one transaction with the account's key count: either the count grows under the
 * limit, or (`replacing`) an existing key is deleted in the same step so the count stays. `preconditions`
 * join the transaction (a sign-in token consumed by this very key); their failure is reported as such.
 */
export async function insertApiKey(
  table: Table,
  key: StoredApiKey,
  options: { keyLimit: number; replacing?: StoredApiKey; preconditions?: TransactItem[] },
): Promise<InsertOutcome> {
  const put = putKeyItems(table, key);
  const countChange: TransactItem[] = options.replacing
    ? deleteKeyItems(table, options.replacing)
    : [adjustAccountCounter(table, key.accountId, 'keyCount', 1, options.keyLimit)];
  const preconditions = options.preconditions ?? [];
  const codes = await writeTransaction(table.client, [...preconditions, ...put, ...countChange]);
  if (!codes) return 'inserted';
  if (codes.slice(0, preconditions.length).includes('ConditionalCheckFailed')) return 'precondition_failed';
  if (codes.slice(preconditions.length + put.length).includes('ConditionalCheckFailed'))
    return options.replacing ? 'replaced_key_gone' : 'limit_reached';
  return 'conflict';
}

/** Deletes a key of the account and lowers its key count; false when it was already gone. */
export async function deleteApiKey(table: Table, key: StoredApiKey): Promise<boolean> {
  const codes = await writeTransaction(table.client, [
    ...deleteKeyItems(table, key),
    adjustAccountCounter(table, key.accountId, 'keyCount', -1),
  ]);
  if (!codes) return true;
  if (codes[0] === 'ConditionalCheckFailed') return false;
  throw new Error(`Deleting an API key was cancelled: ${codes.join(', ')}`);
}

/** Sets lastUsedAt unless it was set after `notAfter`: at most one write per key per interval. */
export async function touchApiKey(table: Table, digest: string, now: string, notAfter: string): Promise<void> {
  try {
    await table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: apiKeyItemKey(digest),
        UpdateExpression: 'SET lastUsedAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(lastUsedAt) OR lastUsedAt < :notAfter)',
        ExpressionAttributeValues: { ':now': now, ':notAfter': notAfter },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}
