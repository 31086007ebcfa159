import type { ItemKey } from '#shared/db/table.js';

/**
 * The keys of a watched site's item: its place in its account's partition, the marker that keeps its URL unique in
 * the account, and its place in the due-rescan index (GSI2 attributes on the same item). The stores of the site, its
 * due index and its rescans all address this item, so its keys live apart from each of them.
 */

/** Watched sites live in their account's partition: listing is one consistent Query, ownership is the key. */
export const watchedSiteKey = (accountId: string, siteId: string): ItemKey => ({ pk: `ACCOUNT#${accountId}`, sk: `SITE#${siteId}` });
export const watchedSitesOf = (accountId: string) => ({ pk: `ACCOUNT#${accountId}`, skPrefix: 'SITE#' });
/** Uniqueness marker: one watched site per normalised URL (by digest: sort keys stop at 1 KB) per account. */
export const watchedUrlMarkerKey = (accountId: string, urlDigest: string): ItemKey => ({
  pk: `ACCOUNT#${accountId}`,
  sk: `SITEURL#${urlDigest}`,
});
/**
 * GSI2: when a site is next due for its weekly rescan, in one of `shards` partitions chosen by the
 * site id's hash, so a million sites spread over many partitions and the sweep reads them in parallel.
 */
export const rescanDueKey = (shard: number, dueAt: string, accountId: string, siteId: string) => ({
  gsi2pk: `DUE#${String(shard).padStart(3, '0')}`,
  gsi2sk: `${dueAt}#${accountId}#${siteId}`,
});
export const rescanDueShard = (shard: number) => ({ gsi2pk: `DUE#${String(shard).padStart(3, '0')}` });
/** Where a site sits in the due-rescan index (GSI2). */
export interface DuePlace {
  shard: number;
  dueAt: string;
}
