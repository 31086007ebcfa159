import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite } from '#shared/db/conditional-write.js';
import type { Table } from '#shared/db/table.js';
import { rescanDueKey, rescanDueShard, watchedSiteKey, type DuePlace } from '#shared/db/watched-site-keys.js';

/** The due-rescan index (GSI2, keys only): the weekly sweep reads a shard's due sites and moves each one's date on. */

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
