import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from '#shared/db/transactions.js';
import type { ItemKey, Table } from '#shared/db/table.js';
import type { WatchedSite } from '#shared/model/sites/watched-site.js';

/** A public badge's lookup item: which account a site whose badge was made public belongs to. */

/**
 * Where a site's public badge (GET /badge/{siteId}.svg) finds its account: written with the first
 * `publicBadge: true`, removed with the site. The site's own flag decides whether the badge shows.
 */
export const publicBadgeKey = (siteId: string): ItemKey => ({ pk: `BADGE#${siteId}`, sk: 'BADGE' });
/** The badge's lookup item, written in the same transaction as the site's `publicBadge: true`. */
export function publicBadgePut(table: Table, site: Pick<WatchedSite, 'accountId' | 'id'>): TransactItem {
  return { Put: { TableName: table.name, Item: { ...publicBadgeKey(site.id), type: 'PublicBadge', accountId: site.accountId } } };
}

/** The account of a site whose badge was ever made public, or null. */
export async function publicBadgeOwner(table: Table, siteId: string): Promise<string | null> {
  const { Item } = await table.client.send(new GetCommand({ TableName: table.name, Key: publicBadgeKey(siteId) }));
  return typeof Item?.accountId === 'string' ? Item.accountId : null;
}
