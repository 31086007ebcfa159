import { BatchGetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ItemKey } from '#shared/db/keys.js';

const attempts = 8;

/**
 * The items of `wanted` (at most 100 keys), in its order, missing ones left out. Unprocessed keys
 * (throttling) are asked again with exponential backoff.
 */
export async function batchGet(
  db: DynamoDBDocumentClient,
  tableName: string,
  wanted: readonly ItemKey[],
  options: { consistent?: boolean } = {},
): Promise<Record<string, unknown>[]> {
  const found = new Map<string, Record<string, unknown>>();
  const id = (key: { pk: unknown; sk: unknown }) => `${String(key.pk)}\u0000${String(key.sk)}`;
  let pending: Array<Record<string, unknown>> = wanted.map((key) => ({ pk: key.pk, sk: key.sk }));
  for (let attempt = 0; pending.length > 0; attempt += 1) {
    if (attempt === attempts) throw new Error('BatchGetItem kept returning unprocessed keys');
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));
    const response = await db.send(
      new BatchGetCommand({ RequestItems: { [tableName]: { Keys: pending, ...(options.consistent ? { ConsistentRead: true } : {}) } } }),
    );
    for (const item of response.Responses?.[tableName] ?? []) found.set(id(item as ItemKey), item);
    pending = response.UnprocessedKeys?.[tableName]?.Keys ?? [];
  }
  return wanted.map((key) => found.get(id(key))).filter((item): item is Record<string, unknown> => item !== undefined);
}
