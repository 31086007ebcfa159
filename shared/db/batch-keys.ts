import type { ItemKey } from '#shared/db/table.js';

/** A batch and its items share a partition: the detail is one consistent Query. */
export const batchKey = (batchId: string): ItemKey => ({ pk: `BATCH#${batchId}`, sk: 'BATCH' });
export const batchItemKey = (batchId: string, index: number): ItemKey => ({
  pk: `BATCH#${batchId}`,
  sk: `ITEM#${String(index).padStart(3, '0')}`,
});
export const batchPartition = (batchId: string) => ({ pk: `BATCH#${batchId}` });
/** GSI1: an account's batches, newest first. */
export const batchesByOwner = (accountId: string) => ({ gsi1pk: `ACCOUNT#${accountId}#BATCHES` });
export const batchOwnerSort = (createdAt: string, id: string) => ({ gsi1sk: `${createdAt}#${id}` });

/** A batch's or an item's stored fields, without its keys and type. */
export function withoutKeys<T>(item: Record<string, unknown>): T {
  const { pk: _pk, sk: _sk, type: _type, gsi1pk: _gsi1pk, gsi1sk: _gsi1sk, ...rest } = item;
  return rest as T;
}
