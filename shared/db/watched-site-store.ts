import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { adjustAccountCounter } from '#shared/db/account-counters.js';
import { queryAll } from '#shared/db/query-pages.js';
import { writeTransaction, type TransactItem } from '#shared/db/transactions.js';
import type { Table } from '#shared/db/table.js';
import { publicBadgeKey, publicBadgePut } from '#shared/db/public-badge-store.js';
import { rescanDueKey, watchedSiteKey, watchedSitesOf, watchedUrlMarkerKey, type DuePlace } from '#shared/db/watched-site-keys.js';
import { thresholdsFromStored, type StoredThreshold } from '#shared/model/sites/thresholds.js';
import type { WatchedSite } from '#shared/model/sites/watched-site.js';

/**
 * The watched site item (in its account's partition, with its URL marker and the account's site count): read,
 * added, changed and deleted. Its keys are in watched-site-keys.ts; its history, due index, rescans and public
 * badge have stores of their own.
 */
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
  const codes = await writeTransaction(table.client, [{ Update: update }, publicBadgePut(table, site)]);
  const current = await getWatchedSite(table, site.accountId, site.id);
  if (!current) return 'not_found';
  if (!codes) return current;
  if (codes[0] === 'ConditionalCheckFailed') return 'stale';
  throw new Error(`Publishing the badge of site ${site.id} was cancelled: ${codes.join(', ')}`);
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
