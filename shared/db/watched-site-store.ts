import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { adjustAccountCounter } from '#shared/db/account-counters.js';
import { conditionalWrite } from '#shared/db/conditional-write.js';
import { queryAll } from '#shared/db/query-pages.js';
import { writeTransaction, type TransactItem } from '#shared/db/transactions.js';
import { thresholdsFromStored, type StoredThreshold } from '#shared/model/sites/thresholds.js';
import { historyAsOfSite } from '#shared/model/sites/history-as-of-site.js';
import type { WatchedSite } from '#shared/model/sites/watched-site.js';
import type { ItemKey, Table } from '#shared/db/table.js';
import { isTier, type Tier } from '#shared/model/tiers.js';

/** Watched sites live in their account's partition: listing is one consistent Query, ownership is the key. */
export const watchedSiteKey = (accountId: string, siteId: string): ItemKey => ({ pk: `ACCOUNT#${accountId}`, sk: `SITE#${siteId}` });
export const watchedSitesOf = (accountId: string) => ({ pk: `ACCOUNT#${accountId}`, skPrefix: 'SITE#' });
/** Uniqueness marker: one watched site per normalised URL (by digest: sort keys stop at 1 KB) per account. */
export const watchedUrlMarkerKey = (accountId: string, urlDigest: string): ItemKey => ({
  pk: `ACCOUNT#${accountId}`,
  sk: `SITEURL#${urlDigest}`,
});
/**
 * Where a site's public badge (GET /badge/{siteId}.svg) finds its account: written with the first
 * `publicBadge: true`, removed with the site. The site's own flag decides whether the badge shows.
 */
export const publicBadgeKey = (siteId: string): ItemKey => ({ pk: `BADGE#${siteId}`, sk: 'BADGE' });
/** A site's score snapshots, newest last by scan time. */
export const siteHistoryOf = (accountId: string, siteId: string) => ({ pk: `ACCOUNT#${accountId}`, skPrefix: `HISTORY#${siteId}#` });
export const siteSnapshotKey = (accountId: string, siteId: string, scannedAt: string, scanId: string): ItemKey => ({
  pk: `ACCOUNT#${accountId}`,
  sk: `HISTORY#${siteId}#${scannedAt}#${scanId}`,
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
/** Marks the rescan of one site for one sweep as running (a lease), so redeliveries do not scan twice at once. */
export const rescanJobKey = (siteId: string, slot: string): ItemKey => ({ pk: `RESCANJOB#${siteId}#${slot}`, sk: 'RESCANJOB' });

/** Where a site sits in the due-rescan index (GSI2). */
export interface DuePlace {
  shard: number;
  dueAt: string;
}

function toSite(item: Record<string, unknown>): WatchedSite {
  const { pk: _pk, sk: _sk, type: _type, gsi2pk: _gsi2pk, gsi2sk: _gsi2sk, ...site } = item;
  const stored = {
    version: 0,
    lastScanStatus: null,
    lastError: null,
    lastScanId: null,
    lastScanSlot: null,
    historyCount: 0,
    publicBadge: false,
    ...site,
  } as unknown as WatchedSite;
  return { ...stored, thresholds: thresholdsFromStored(stored.id, stored.createdAt, site.thresholds) };
}

export async function listWatchedSites(table: Table, accountId: string): Promise<WatchedSite[]> {
  const { pk, skPrefix } = watchedSitesOf(accountId);
  const items = await queryAll(table.client, {
    TableName: table.name,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
    ConsistentRead: true,
  });
  return items.map(toSite);
}

export async function getWatchedSite(table: Table, accountId: string, siteId: string): Promise<WatchedSite | null> {
  const { Item } = await table.client.send(
    new GetCommand({ TableName: table.name, Key: watchedSiteKey(accountId, siteId), ConsistentRead: true }),
  );
  return Item ? toSite(Item) : null;
}

export type AddOutcome = 'added' | 'duplicate' | 'limit_reached' | 'conflict';

/** The site, its URL marker and the account's site count in one transaction: no duplicates, never over the limit. */
export async function addWatchedSite(table: Table, site: WatchedSite, limit: number, due: DuePlace): Promise<AddOutcome> {
  const codes = await writeTransaction(table.client, [
    {
      Put: {
        TableName: table.name,
        Item: { ...watchedUrlMarkerKey(site.accountId, site.urlDigest), type: 'WatchedUrlMarker', siteId: site.id },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    adjustAccountCounter(table, site.accountId, 'siteCount', 1, limit),
    {
      Put: {
        TableName: table.name,
        Item: {
          ...watchedSiteKey(site.accountId, site.id),
          type: 'WatchedSite',
          ...site,
          ...rescanDueKey(due.shard, due.dueAt, site.accountId, site.id),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ]);
  if (!codes) return 'added';
  if (codes[0] === 'ConditionalCheckFailed') return 'duplicate';
  if (codes[1] === 'ConditionalCheckFailed') return 'limit_reached';
  return 'conflict';
}

export interface SiteChanges {
  label?: string;
  alertEnabled?: boolean;
  isCompetitor?: boolean;
  publicBadge?: boolean;
  thresholds?: StoredThreshold[];
}

/**
 * Applies the given fields and raises the version. Given a site as read (with its `version`), only if
 * it is still that version ('stale' otherwise); given only its ids, whatever its version.
 */
export async function updateWatchedSite(
  table: Table,
  site: Pick<WatchedSite, 'accountId' | 'id'> & { version?: number },
  changes: SiteChanges,
): Promise<WatchedSite | 'not_found' | 'stale'> {
  const fields = Object.entries(changes).filter(([, value]) => value !== undefined);
  const names: Record<string, string> = { '#version': 'version', ...Object.fromEntries(fields.map(([name]) => [`#${name}`, name])) };
  const values: Record<string, unknown> = {
    ':one': 1,
    ':zero': 0,
    ...Object.fromEntries(fields.map(([name, value]) => [`:${name}`, value])),
  };
  let condition = 'attribute_exists(pk)';
  if (site.version !== undefined) {
    values[':version'] = site.version;
    // Sites written before versions existed have none: they are version 0.
    condition += site.version === 0 ? ' AND (attribute_not_exists(#version) OR #version = :version)' : ' AND #version = :version';
  }
  const update = {
    TableName: table.name,
    Key: watchedSiteKey(site.accountId, site.id),
    UpdateExpression: `SET ${[...fields.map(([name]) => `#${name} = :${name}`), '#version = if_not_exists(#version, :zero) + :one'].join(', ')}`,
    ConditionExpression: condition,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
  if (changes.publicBadge === true) return publishBadge(table, site, update);
  try {
    const { Attributes } = await table.client.send(
      new UpdateCommand({ ...update, ReturnValues: 'ALL_NEW', ReturnValuesOnConditionCheckFailure: 'ALL_OLD' }),
    );
    return toSite(Attributes!);
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return error.Item ? 'stale' : 'not_found';
    throw error;
  }
}

/** The update with the badge's lookup item, in one transaction: a site's badge never points at a deleted site. */
async function publishBadge(
  table: Table,
  site: Pick<WatchedSite, 'accountId' | 'id'>,
  update: NonNullable<TransactItem['Update']>,
): Promise<WatchedSite | 'not_found' | 'stale'> {
  const codes = await writeTransaction(table.client, [
    { Update: update },
    { Put: { TableName: table.name, Item: { ...publicBadgeKey(site.id), type: 'PublicBadge', accountId: site.accountId } } },
  ]);
  const current = await getWatchedSite(table, site.accountId, site.id);
  if (!current) return 'not_found';
  if (!codes) return current;
  if (codes[0] === 'ConditionalCheckFailed') return 'stale';
  throw new Error(`Publishing the badge of site ${site.id} was cancelled: ${codes.join(', ')}`);
}

/** The account of a site whose badge was ever made public, or null. */
export async function publicBadgeOwner(table: Table, siteId: string): Promise<string | null> {
  const { Item } = await table.client.send(new GetCommand({ TableName: table.name, Key: publicBadgeKey(siteId) }));
  return typeof Item?.accountId === 'string' ? Item.accountId : null;
}

export type AppendOutcome = 'added' | 'limit_reached' | 'not_found' | 'not_a_list';

/**
 * Adds a threshold in one conditional write, whatever else changes on the site: the limit holds under
 * any number of concurrent creates. `not_a_list`: the site still has the old thresholds object.
 */
export async function appendThreshold(
  table: Table,
  site: Pick<WatchedSite, 'accountId' | 'id'>,
  threshold: StoredThreshold,
  limit: number,
): Promise<AppendOutcome> {
  try {
    await table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: watchedSiteKey(site.accountId, site.id),
        UpdateExpression:
          'SET thresholds = list_append(if_not_exists(thresholds, :empty), :new), #version = if_not_exists(#version, :zero) + :one',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(thresholds) OR (attribute_type(thresholds, :list) AND size(thresholds) < :limit))',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':empty': [], ':new': [threshold], ':zero': 0, ':one': 1, ':list': 'L', ':limit': limit },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return 'added';
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    if (!error.Item) return 'not_found';
    // The item comes back in DynamoDB's own format (not unmarshalled): a list is `{ L: [...] }`.
    const stored = error.Item.thresholds as { L?: unknown } | undefined;
    return stored === undefined || stored.L !== undefined ? 'limit_reached' : 'not_a_list';
  }
}

/** Deletes the site with its URL marker and lowers the site count; false when it is not the account's. */
export async function deleteWatchedSite(table: Table, site: WatchedSite): Promise<boolean> {
  const codes = await writeTransaction(table.client, [
    {
      Delete: {
        TableName: table.name,
        Key: watchedSiteKey(site.accountId, site.id),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    { Delete: { TableName: table.name, Key: watchedUrlMarkerKey(site.accountId, site.urlDigest) } },
    adjustAccountCounter(table, site.accountId, 'siteCount', -1),
    { Delete: { TableName: table.name, Key: publicBadgeKey(site.id) } },
  ]);
  if (!codes) return true;
  if (codes[0] === 'ConditionalCheckFailed') return false;
  throw new Error(`Deleting a watched site was cancelled: ${codes.join(', ')}`);
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

export interface ScoreSnapshot {
  score: number;
  scannedAt: string;
  /** Each dimension's score: written by rescans since comparisons exist, absent on older snapshots. */
  dimensions?: Record<string, number | null>;
  /** The depth the score was read at: written since depths are compared, absent on older snapshots. */
  tier?: Tier;
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

/** A site in the due index: its ids and its place there, as the sweep read it. */
export interface DueSite {
  accountId: string;
  siteId: string;
  gsi2sk: string;
}

/**
 * One page of a shard's due sites (due at or before `upTo`, or all with null), oldest due first,
 * read from the keys-only index: the sweep reads one index entry per site.
 */
export async function dueSitesPage(
  table: Table,
  request: { shard: number; upTo: string | null; limit: number; startKey?: Record<string, unknown> | undefined },
): Promise<{ sites: DueSite[]; nextKey: Record<string, unknown> | undefined }> {
  const { gsi2pk } = rescanDueShard(request.shard);
  const page = await table.client.send(
    new QueryCommand({
      TableName: table.name,
      IndexName: 'gsi2',
      KeyConditionExpression: request.upTo === null ? 'gsi2pk = :shard' : 'gsi2pk = :shard AND gsi2sk <= :upTo',
      ExpressionAttributeValues: { ':shard': gsi2pk, ...(request.upTo === null ? {} : { ':upTo': `${request.upTo}~` }) },
      Limit: request.limit,
      ...(request.startKey ? { ExclusiveStartKey: request.startKey } : {}),
    }),
  );
  const sites = (page.Items ?? []).map((item) => {
    const [, accountId, siteId] = (item.gsi2sk as string).split('#');
    return { accountId: accountId!, siteId: siteId!, gsi2sk: item.gsi2sk as string };
  });
  return { sites, nextKey: page.LastEvaluatedKey };
}

/**
 * Moves a site's due date on, conditional on its index entry being the one the sweep read: of two
 * overlapping sweeps only one moves it, and a site deleted meanwhile is left alone.
 */
export async function moveDue(table: Table, site: DueSite, next: DuePlace): Promise<boolean> {
  return conditionalWrite(
    table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: watchedSiteKey(site.accountId, site.siteId),
        UpdateExpression: 'SET gsi2pk = :pk, gsi2sk = :sk',
        ConditionExpression: 'gsi2sk = :read',
        ExpressionAttributeValues: {
          ...prefixed(rescanDueKey(next.shard, next.dueAt, site.accountId, site.siteId)),
          ':read': site.gsi2sk,
        },
      }),
    ),
  );
}

function prefixed(due: { gsi2pk: string; gsi2sk: string }): Record<string, string> {
  return { ':pk': due.gsi2pk, ':sk': due.gsi2sk };
}

/** What a completed (or failed) rescan writes onto its site, with the version it was computed from. */
export interface RescanOutcome {
  site: WatchedSite;
  slot: string;
  next: DuePlace;
  changes:
    | {
        kind: 'scored';
        lastScore: number;
        lastScannedAt: string;
        scoreChange: number | null;
        scanId: string;
        thresholds: StoredThreshold[];
        snapshot: ScoreSnapshot;
        drop: Array<{ pk: string; sk: string }>;
      }
    | { kind: 'failed'; error: string };
}

/**
 * Completes a site's rescan for a sweep in one transaction: the site's score, threshold states and
 * next due date, its new snapshot and the removal of the oldest beyond the cap. Conditional on the
 * site being the version read (else 'stale': read again and recompute) and on this sweep's rescan not
 * having completed already ('done'). A failed scan records its error and keeps the last score.
 */
export async function completeRescan(table: Table, outcome: RescanOutcome): Promise<'completed' | 'stale' | 'done' | 'gone'> {
  const { site, changes } = outcome;
  const due = rescanDueKey(outcome.next.shard, outcome.next.dueAt, site.accountId, site.id);
  const values: Record<string, unknown> = {
    ':slot': outcome.slot,
    ':version': site.version,
    ':one': 1,
    ':zero': 0,
    ':duePk': due.gsi2pk,
    ':dueSk': due.gsi2sk,
  };
  const sets = ['lastScanSlot = :slot', 'gsi2pk = :duePk', 'gsi2sk = :dueSk', '#version = if_not_exists(#version, :zero) + :one'];
  if (changes.kind === 'scored') {
    Object.assign(values, {
      ':score': changes.lastScore,
      ':scannedAt': changes.lastScannedAt,
      ':change': changes.scoreChange,
      ':scanId': changes.scanId,
      ':thresholds': changes.thresholds,
      ':ok': 'ok',
      ':null': null,
      ':historyDelta': 1 - changes.drop.length,
    });
    sets.push(
      'lastScore = :score',
      'lastScannedAt = :scannedAt',
      'scoreChange = :change',
      'lastScanId = :scanId',
      'thresholds = :thresholds',
      'lastScanStatus = :ok',
      'lastError = :null',
      'historyCount = if_not_exists(historyCount, :zero) + :historyDelta',
    );
  } else {
    Object.assign(values, { ':failed': 'failed', ':error': changes.error });
    sets.push('lastScanStatus = :failed', 'lastError = :error');
  }
  const versionCondition = site.version === 0 ? '(attribute_not_exists(#version) OR #version = :version)' : '#version = :version';
  const codes = await writeTransaction(table.client, [
    {
      Update: {
        TableName: table.name,
        Key: watchedSiteKey(site.accountId, site.id),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: `attribute_exists(pk) AND (attribute_not_exists(lastScanSlot) OR lastScanSlot <> :slot) AND ${versionCondition}`,
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: values,
      },
    },
    ...(changes.kind === 'scored'
      ? [
          {
            Put: {
              TableName: table.name,
              Item: {
                ...siteSnapshotKey(site.accountId, site.id, changes.snapshot.scannedAt, changes.scanId),
                type: 'ScoreSnapshot',
                ...changes.snapshot,
                scanId: changes.scanId,
              },
            },
          },
          ...changes.drop.map((key) => ({ Delete: { TableName: table.name, Key: key } })),
        ]
      : []),
  ]);
  if (!codes) return 'completed';
  if (codes[0] !== 'ConditionalCheckFailed') throw new Error(`Completing the rescan of site ${site.id} was cancelled: ${codes.join(', ')}`);
  const current = await getWatchedSite(table, site.accountId, site.id);
  if (!current) return 'gone';
  return current.lastScanSlot === outcome.slot ? 'done' : 'stale';
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
