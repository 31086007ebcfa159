import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import type { ItemKey, Table } from '#shared/db/table.js';

const attempts = 8;
/** BatchGetItem's limit of keys per request; more is a ValidationException. */
export const batchGetMaxKeys = 100;

/**
 * The items of `wanted`, in its order, missing ones left out: one BatchGetItem per 100 keys (its limit),
 * one after another. Unprocessed keys (throttling, the 16 MB answer limit) are asked again with
 * exponential backoff.
 */
export async function batchGet(
  table: Table,
  wanted: readonly ItemKey[],
  options: { consistent?: boolean } = {},
): Promise<Record<string, unknown>[]> {
  const found = new Map<string, Record<string, unknown>>();
  const id = (key: { pk: unknown; sk: unknown }) => `${String(key.pk)}\u0000${String(key.sk)}`;
  for (let start = 0; start < wanted.length; start += batchGetMaxKeys) {
    for (const item of await batchGetChunk(table, wanted.slice(start, start + batchGetMaxKeys), options))
      found.set(id(item as { pk: unknown; sk: unknown }), item);
  }
  return wanted.map((key) => found.get(id(key))).filter((item): item is Record<string, unknown> => item !== undefined);
}

async function batchGetChunk(
  table: Table,
  wanted: readonly ItemKey[],
  options: { consistent?: boolean },
): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  let pending: Array<Record<string, unknown>> = wanted.map((key) => ({ pk: key.pk, sk: key.sk }));
  for (let attempt = 0; pending.length > 0; attempt += 1) {
    if (attempt === attempts) throw new Error('BatchGetItem kept returning unprocessed keys');
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));
    const response = await table.client.send(
      new BatchGetCommand({ RequestItems: { [table.name]: { Keys: pending, ...(options.consistent ? { ConsistentRead: true } : {}) } } }),
    );
    found.push(...(response.Responses?.[table.name] ?? []));
    pending = response.UnprocessedKeys?.[table.name]?.Keys ?? [];
  }
  return found;
}
