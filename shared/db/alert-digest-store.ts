import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite } from '#shared/db/conditional-write.js';
import { keys } from '#shared/db/keys.js';
import type { DigestEntry } from '#shared/model/rescans/digest-entry.js';

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
  db: DynamoDBDocumentClient,
  tableName: string,
  accountId: string,
  entry: DigestEntry,
  maxSites: number,
): Promise<'stored' | 'dropped'> {
  const key = keys.alertDigest(accountId);
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
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
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: key,
        UpdateExpression: 'SET sites = if_not_exists(sites, :empty), #type = :type',
        ExpressionAttributeNames: digestType,
        ExpressionAttributeValues: { ':empty': {}, ':type': 'AlertDigest' },
      }),
    );
  }
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: key,
      UpdateExpression: 'ADD dropped :one',
      ExpressionAttributeValues: { ':one': 1 },
    }),
  );
  return 'dropped';
}

/** True for the first caller of an account and sweep: it schedules that sweep's digest mail. */
export async function markDigestScheduled(
  db: DynamoDBDocumentClient,
  tableName: string,
  accountId: string,
  slot: string,
  expiresAt: number,
): Promise<boolean> {
  return conditionalWrite(
    db.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...keys.alertDigestJob(accountId, slot), type: 'AlertDigestJob', expiresAt },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

/** The pending entries, one per site (the newest), oldest first. */
export async function pendingDigest(db: DynamoDBDocumentClient, tableName: string, accountId: string): Promise<PendingDigest> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.alertDigest(accountId), ConsistentRead: true }));
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
  db: DynamoDBDocumentClient,
  tableName: string,
  accountId: string,
  consumed: Pick<PendingDigest, 'stored' | 'dropped' | 'legacy'>,
): Promise<void> {
  const key = keys.alertDigest(accountId);
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
    await db.send(
      new UpdateCommand({
        TableName: tableName,
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
        db.send(
          new UpdateCommand({
            TableName: tableName,
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
  await clearConsumedDigest(db, tableName, accountId, { stored: [], dropped: consumed.dropped, legacy: consumed.legacy });
}
