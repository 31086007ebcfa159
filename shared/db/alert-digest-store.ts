import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite } from '#shared/db/conditional-write.js';
import type { DigestEntry } from '#shared/model/rescans/digest-entry.js';
import type { ItemKey, Table } from '#shared/db/table.js';

/** An account's alert e-mail digest: entries wait here until the digest of their sweep is sent. */
export const alertDigestKey = (accountId: string): ItemKey => ({ pk: `ACCOUNT#${accountId}`, sk: 'ALERTDIGEST' });
/** Marks the digest job of one account and sweep, so each sweep mails an account at most once. */
export const alertDigestJobKey = (accountId: string, slot: string): ItemKey => ({ pk: `ACCOUNT#${accountId}`, sk: `DIGESTJOB#${slot}` });
/** The lease of sending one account's digest of one sweep (job-lease-store.ts). */
export const alertDigestSentKey = (accountId: string, slot: string): ItemKey => ({ pk: `ACCOUNT#${accountId}`, sk: `DIGESTSENT#${slot}` });

/**
 * An account's pending alert digest is one item: `sites`, a map of the newest entry per site (at most
 * ALERT_DIGEST_MAX_SITES of them), and `dropped`, how many entries found it full. Items written before
 * the map existed hold a list, `entries`, which is read and cleared with the rest.
 */
export interface PendingDigest {
  /** One per site, for the mail. */
  entries: DigestEntry[];
  /** The map's entries as read, to clear each unless a newer one replaced it. */
  stored: Array<Pick<DigestEntry, 'siteId' | 'scannedAt'>>;
  dropped: number;
  /** The item still holds the old `entries` list. */
  legacy: boolean;
}

const digestType = { '#type': 'type' };

/**
 * Stores the entry as its site's, replacing an older one of that site; `dropped` (and counted on the
 * item) when the digest already holds `maxSites` other sites. Each step is one conditional write, so
 * the bound holds under any number of concurrent rescans.
 */
export async function appendDigestEntry(
  table: Table,
  accountId: string,
  entry: DigestEntry,
  maxSites: number,
): Promise<'stored' | 'dropped'> {
  const key = alertDigestKey(accountId);
  for (let attempt = 1; ; attempt += 1) {
    try {
      await table.client.send(
        new UpdateCommand({
          TableName: table.name,
          Key: key,
          UpdateExpression: 'SET sites.#site = :entry, #type = :type',
          ConditionExpression: 'attribute_exists(sites) AND (attribute_exists(sites.#site) OR size(sites) < :max)',
          ExpressionAttributeNames: { ...digestType, '#site': entry.siteId },
          ExpressionAttributeValues: { ':entry': entry, ':type': 'AlertDigest', ':max': maxSites },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return 'stored';
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      if (error.Item?.sites !== undefined) break;
      if (attempt === 3) throw new Error('The alert digest has no entry map after making one', { cause: error });
    }
    // No map yet (a new digest, or an old item with a list): make an empty one, then store again.
    await table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: key,
        UpdateExpression: 'SET sites = if_not_exists(sites, :empty), #type = :type',
        ExpressionAttributeNames: digestType,
        ExpressionAttributeValues: { ':empty': {}, ':type': 'AlertDigest' },
      }),
    );
  }
  await table.client.send(
    new UpdateCommand({
      TableName: table.name,
      Key: key,
      UpdateExpression: 'ADD dropped :one',
      ExpressionAttributeValues: { ':one': 1 },
    }),
  );
  return 'dropped';
}

/** True for the first caller of an account and sweep: it schedules that sweep's digest mail. */
export async function markDigestScheduled(table: Table, accountId: string, slot: string, expiresAt: number): Promise<boolean> {
  return conditionalWrite(
    table.client.send(
      new PutCommand({
        TableName: table.name,
        Item: { ...alertDigestJobKey(accountId, slot), type: 'AlertDigestJob', expiresAt },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

/** The pending entries, one per site (the newest), oldest first. */
export async function pendingDigest(table: Table, accountId: string): Promise<PendingDigest> {
  const { Item } = await table.client.send(new GetCommand({ TableName: table.name, Key: alertDigestKey(accountId), ConsistentRead: true }));
  const legacy = (Item?.entries as DigestEntry[] | undefined) ?? [];
  const stored = Object.values((Item?.sites as Record<string, DigestEntry> | undefined) ?? {});
  const newest = new Map<string, DigestEntry>();
  for (const entry of [...legacy, ...stored]) {
    const known = newest.get(entry.siteId);
    if (!known || known.scannedAt <= entry.scannedAt) newest.set(entry.siteId, entry);
  }
  const entries = [...newest.values()].sort((a, b) => a.scannedAt.localeCompare(b.scannedAt));
  return {
    entries,
    stored: stored.map((entry) => ({ siteId: entry.siteId, scannedAt: entry.scannedAt })),
    dropped: Number(Item?.dropped ?? 0),
    legacy: Item?.entries !== undefined,
  };
}

/**
 * Clears what a digest mail consumed: each site's entry unless a newer rescan replaced it meanwhile
 * (that one waits for the next digest), the dropped count it reported, and the old list.
 */
export async function clearConsumedDigest(
  table: Table,
  accountId: string,
  consumed: Pick<PendingDigest, 'stored' | 'dropped' | 'legacy'>,
): Promise<void> {
  const key = alertDigestKey(accountId);
  const mapped = consumed.stored;
  const names = Object.fromEntries(mapped.map((entry, index) => [`#s${index}`, entry.siteId]));
  const values: Record<string, unknown> = Object.fromEntries(mapped.map((entry, index) => [`:t${index}`, entry.scannedAt]));
  const removes = [...mapped.map((_, index) => `sites.#s${index}`), ...(consumed.legacy ? ['entries'] : [])];
  if (consumed.dropped > 0) values[':dropped'] = -consumed.dropped;
  const update = [removes.length > 0 ? `REMOVE ${removes.join(', ')}` : '', consumed.dropped > 0 ? 'ADD dropped :dropped' : '']
    .filter(Boolean)
    .join(' ');
  if (update === '') return;
  const unchanged = mapped.map((_, index) => `sites.#s${index}.scannedAt = :t${index}`);
  try {
    await table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: key,
        UpdateExpression: update,
        ...(unchanged.length > 0 ? { ConditionExpression: unchanged.join(' AND ') } : {}),
        ...(mapped.length > 0 ? { ExpressionAttributeNames: names } : {}),
        ExpressionAttributeValues: Object.keys(values).length > 0 ? values : undefined,
      }),
    );
    return;
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
  // Some site was rescanned again meanwhile: clear the others one by one.
  await Promise.all(
    mapped.map((entry) =>
      conditionalWrite(
        table.client.send(
          new UpdateCommand({
            TableName: table.name,
            Key: key,
            UpdateExpression: 'REMOVE sites.#site',
            ConditionExpression: 'sites.#site.scannedAt = :scannedAt',
            ExpressionAttributeNames: { '#site': entry.siteId },
            ExpressionAttributeValues: { ':scannedAt': entry.scannedAt },
          }),
        ),
      ),
    ),
  );
  await clearConsumedDigest(table, accountId, { stored: [], dropped: consumed.dropped, legacy: consumed.legacy });
}
