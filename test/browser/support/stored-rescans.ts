import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';
import { localClientConfig } from '../../../bin/local/local-aws.js';
import { getScan, putOwnedScan } from '#shared/db/scan-store.js';
import { completeRescan } from '#shared/db/rescan-completion-store.js';
import { getWatchedSite } from '#shared/db/watched-site-store.js';
import { emailMarkerKey } from '#shared/db/mailbox-marker-store.js';
import { bindTable } from '#shared/db/table.js';
import { snapshotOf } from '#shared/model/sites/competition.js';
import type { Tier } from '#shared/model/tiers.js';

/**
 * A rescan of a watched site stored as the rescan worker stores one, from a copy of its last scan read at
 * `tier`: the state a site is left in when its rescan after a plan change failed, made without waiting for one.
 */
export async function storeRescanAtDepth(email: string, siteId: string, tier: Tier): Promise<void> {
  const db = DynamoDBDocumentClient.from(new DynamoDBClient(localClientConfig(inject('webDynamodbEndpoint'), inject('webAwsRegion'))));
  try {
    const table = bindTable(db, inject('webTableName'));
    const { Items } = await db.send(
      new QueryCommand({
        TableName: table.name,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': emailMarkerKey(email).pk },
      }),
    );
    const accountId = Items?.[0]?.accountId as string | undefined;
    if (!accountId) throw new Error(`no account for ${email}`);
    const site = await getWatchedSite(table, accountId, siteId);
    if (!site?.lastScanId) throw new Error(`site ${siteId} has no scan to copy`);
    const last = await getScan(table, site.lastScanId, Date.now());
    if (!last) throw new Error(`the scan ${site.lastScanId} is gone`);
    const result = { ...last.result, id: randomUUID(), tier, createdAt: new Date().toISOString() };
    await putOwnedScan(table, result, accountId);
    const written = await completeRescan(table, {
      site,
      slot: `test-${result.id}`,
      next: { shard: 0, dueAt: '2099-01-01T00:00:00.000Z' },
      changes: {
        kind: 'scored',
        lastScore: result.score,
        lastScannedAt: result.createdAt,
        scoreChange: null,
        scanId: result.id,
        thresholds: site.thresholds,
        snapshot: snapshotOf(result),
        drop: [],
      },
    });
    if (written !== 'completed') throw new Error(`storing the rescan answered ${written}`);
  } finally {
    db.destroy();
  }
}
