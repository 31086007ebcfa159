import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { queryAll } from '#shared/db/query-pages.js';
import type { TransactItem } from '#shared/db/transactions.js';
import type { ItemKey, Table } from '#shared/db/table.js';
import { historyAsOfSite } from '#shared/model/sites/history-as-of-site.js';
import type { WatchedSite } from '#shared/model/sites/watched-site.js';
import { isTier, type Tier } from '#shared/model/tiers.js';

/** A watched site's score snapshots: one item each in its account's partition, at most 90 a site. */

/** A site's score snapshots, newest last by scan time. */
export const siteHistoryOf = (accountId: string, siteId: string) => ({ pk: `ACCOUNT#${accountId}`, skPrefix: `HISTORY#${siteId}#` });
export const siteSnapshotKey = (accountId: string, siteId: string, scannedAt: string, scanId: string): ItemKey => ({
  pk: `ACCOUNT#${accountId}`,
  sk: `HISTORY#${siteId}#${scannedAt}#${scanId}`,
});
export interface ScoreSnapshot {
  score: number;
  scannedAt: string;
  /** Each dimension's score: written by rescans since comparisons exist, absent on older snapshots. */
  dimensions?: Record<string, number | null>;
  /** The depth the score was read at: written since depths are compared, absent on older snapshots. */
  tier?: Tier;
}

/** A rescan's new snapshot, written in the same transaction as the site's score. */
export function snapshotPut(
  table: Table,
  site: Pick<WatchedSite, 'accountId' | 'id'>,
  snapshot: ScoreSnapshot,
  scanId: string,
): TransactItem {
  return {
    Put: {
      TableName: table.name,
      Item: { ...siteSnapshotKey(site.accountId, site.id, snapshot.scannedAt, scanId), type: 'ScoreSnapshot', ...snapshot, scanId },
    },
  };
}

/** Removes a site's snapshots, 25 keys a request (after the site itself is gone, so none is added meanwhile). */
export async function deleteSiteHistory(table: Table, accountId: string, siteId: string): Promise<number> {
  const { pk, skPrefix } = siteHistoryOf(accountId, siteId);
  const found = await queryAll(table.client, {
    TableName: table.name,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
    ProjectionExpression: 'pk, sk',
    ConsistentRead: true,
  });
  for (let start = 0; start < found.length; start += 25) {
    let requests: Record<string, unknown>[] = found
      .slice(start, start + 25)
      .map((key) => ({ DeleteRequest: { Key: { pk: key.pk, sk: key.sk } } }));
    for (let attempt = 0; requests.length > 0; attempt += 1) {
      if (attempt === 8) throw new Error(`Could not delete the history of site ${siteId}: DynamoDB kept returning unprocessed items`);
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
      const { UnprocessedItems } = await table.client.send(new BatchWriteCommand({ RequestItems: { [table.name]: requests } }));
      requests = UnprocessedItems?.[table.name] ?? [];
    }
  }
  return found.length;
}

/** The keys of a site's `count` oldest snapshots (the ones the 90-snapshot cap removes). */
export async function oldestSnapshotKeys(
  table: Table,
  accountId: string,
  siteId: string,
  count: number,
): Promise<Array<{ pk: string; sk: string }>> {
  if (count <= 0) return [];
  const { pk, skPrefix } = siteHistoryOf(accountId, siteId);
  const { Items } = await table.client.send(
    new QueryCommand({
      TableName: table.name,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
      ProjectionExpression: 'pk, sk',
      ScanIndexForward: true,
      ConsistentRead: true,
      Limit: count,
    }),
  );
  return (Items ?? []).map((item) => ({ pk: item.pk as string, sk: item.sk as string }));
}

/** The site whose history is read, as its record was read: the history is cut to that record (historyAsOfSite). */
type SiteAsRead = Pick<WatchedSite, 'id' | 'lastScanId' | 'lastScore'>;

/** Up to `limit` of a site's snapshot items, newest first, as of the site's record. */
async function snapshotItems(table: Table, accountId: string, site: SiteAsRead, limit: number): Promise<Array<Record<string, unknown>>> {
  const { pk, skPrefix } = siteHistoryOf(accountId, site.id);
  const { Items } = await table.client.send(
    new QueryCommand({
      TableName: table.name,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
      ProjectionExpression: 'score, scannedAt, dimensions, scanId, tier',
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return historyAsOfSite(Items ?? [], site);
}

/** Up to `limit` snapshots, newest first, as of the site's record. */
export async function siteHistory(table: Table, accountId: string, site: SiteAsRead, limit: number): Promise<ScoreSnapshot[]> {
  const items = await snapshotItems(table, accountId, site, limit);
  return items.map((item) => ({ score: item.score as number, scannedAt: item.scannedAt as string }));
}

/** Up to `limit` snapshots with their dimension scores where stored, newest first, as of the site's record (for comparisons). */
export async function siteHistoryWithDimensions(
  table: Table,
  accountId: string,
  site: SiteAsRead,
  limit: number,
): Promise<ScoreSnapshot[]> {
  const items = await snapshotItems(table, accountId, site, limit);
  return items.map((item) => ({
    score: item.score as number,
    scannedAt: item.scannedAt as string,
    ...(item.dimensions && typeof item.dimensions === 'object' ? { dimensions: item.dimensions as Record<string, number | null> } : {}),
    ...(isTier(item.tier) ? { tier: item.tier } : {}),
  }));
}
