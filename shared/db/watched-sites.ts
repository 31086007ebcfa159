import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { adjustAccountCounter } from '#shared/db/account-counters.js';
import { keys } from '#shared/db/keys.js';
import { queryAll } from '#shared/db/query-pages.js';
import { writeTransaction } from '#shared/db/transactions.js';
import type { SiteThresholds, WatchedSite } from '#shared/domain/sites/watched-site.js';

function toSite(item: Record<string, unknown>): WatchedSite {
  const { pk: _pk, sk: _sk, type: _type, ...site } = item;
  return { version: 0, ...site } as unknown as WatchedSite;
}

export async function listWatchedSites(db: DynamoDBDocumentClient, tableName: string, accountId: string): Promise<WatchedSite[]> {
  const { pk, skPrefix } = keys.watchedSitesOf(accountId);
  const items = await queryAll(db, {
    TableName: tableName,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
    ConsistentRead: true,
  });
  return items.map(toSite);
}

export async function getWatchedSite(db: DynamoDBDocumentClient, tableName: string, accountId: string, siteId: string): Promise<WatchedSite | null> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.watchedSite(accountId, siteId), ConsistentRead: true }));
  return Item ? toSite(Item) : null;
}

export type AddOutcome = 'added' | 'duplicate' | 'limit_reached' | 'conflict';

/** The site, its URL marker and the account's site count in one transaction: no duplicates, never over the limit. */
export async function addWatchedSite(db: DynamoDBDocumentClient, tableName: string, site: WatchedSite, limit: number): Promise<AddOutcome> {
  const codes = await writeTransaction(db, [
    {
      Put: {
        TableName: tableName,
        Item: { ...keys.watchedUrlMarker(site.accountId, site.urlDigest), type: 'WatchedUrlMarker', siteId: site.id },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    adjustAccountCounter(tableName, site.accountId, 'siteCount', 1, limit),
    {
      Put: {
        TableName: tableName,
        Item: { ...keys.watchedSite(site.accountId, site.id), type: 'WatchedSite', ...site },
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
  thresholds?: SiteThresholds;
}

/**
 * Applies the given fields and raises the version. Given a site as read (with its `version`), only if
 * it is still that version ('stale' otherwise); given only its ids, whatever its version.
 */
export async function updateWatchedSite(
  db: DynamoDBDocumentClient,
  tableName: string,
  site: Pick<WatchedSite, 'accountId' | 'id'> & { version?: number },
  changes: SiteChanges,
): Promise<WatchedSite | 'not_found' | 'stale'> {
  const fields = Object.entries(changes).filter(([, value]) => value !== undefined);
  const names: Record<string, string> = { '#version': 'version', ...Object.fromEntries(fields.map(([name]) => [`#${name}`, name])) };
  const values: Record<string, unknown> = { ':one': 1, ':zero': 0, ...Object.fromEntries(fields.map(([name, value]) => [`:${name}`, value])) };
  let condition = 'attribute_exists(pk)';
  if (site.version !== undefined) {
    values[':version'] = site.version;
    // Sites written before versions existed have none: they are version 0.
    condition += site.version === 0 ? ' AND (attribute_not_exists(#version) OR #version = :version)' : ' AND #version = :version';
  }
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.watchedSite(site.accountId, site.id),
        UpdateExpression: `SET ${[...fields.map(([name]) => `#${name} = :${name}`), '#version = if_not_exists(#version, :zero) + :one'].join(', ')}`,
        ConditionExpression: condition,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return toSite(Attributes!);
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return error.Item ? 'stale' : 'not_found';
    throw error;
  }
}

/** Deletes the site with its URL marker and lowers the site count; false when it is not the account's. */
export async function deleteWatchedSite(db: DynamoDBDocumentClient, tableName: string, site: WatchedSite): Promise<boolean> {
  const codes = await writeTransaction(db, [
    {
      Delete: {
        TableName: tableName,
        Key: keys.watchedSite(site.accountId, site.id),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    { Delete: { TableName: tableName, Key: keys.watchedUrlMarker(site.accountId, site.urlDigest) } },
    adjustAccountCounter(tableName, site.accountId, 'siteCount', -1),
  ]);
  if (!codes) return true;
  if (codes[0] === 'ConditionalCheckFailed') return false;
  throw new Error(`Deleting a watched site was cancelled: ${codes.join(', ')}`);
}

export interface ScoreSnapshot {
  score: number;
  scannedAt: string;
}

/** Up to `limit` snapshots, newest first. */
export async function siteHistory(db: DynamoDBDocumentClient, tableName: string, accountId: string, siteId: string, limit: number): Promise<ScoreSnapshot[]> {
  const { pk, skPrefix } = keys.siteHistoryOf(accountId, siteId);
  const { Items } = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (Items ?? []).map((item) => ({ score: item.score as number, scannedAt: item.scannedAt as string }));
}
