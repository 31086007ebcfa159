import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWatchedSite, getWatchedSite } from '#shared/db/watched-site-store.js';
import { siteHistory, siteHistoryOf, siteSnapshotKey } from '#shared/db/site-history-store.js';
import { watchedSiteKey } from '#shared/db/watched-site-keys.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { RescanMessage } from '#shared/model/rescans/rescan-message.js';
import { rescanSite } from '#shared/use-cases/rescans/rescan-site.js';
import { newWatchedSite, type WatchedSite } from '#shared/model/sites/watched-site.js';
import { startShop, type RunningShop } from '#test/fixtures/shop-server.js';
import { setAccount, signUp } from '../support/accounts.js';
import { inProcessDependencies } from '../support/in-process-deps.js';

let shop: RunningShop;
let deps: Dependencies;

beforeAll(async () => {
  shop = await startShop('typical-gaps');
  deps = inProcessDependencies();
});
afterAll(() => shop.close());

/** A site written straight to the table (not through the API, whose first scan the stack's worker would run). */
async function seededSite(
  accountId: string,
  path: string,
  createdAt = new Date().toISOString(),
  on: RunningShop = shop,
): Promise<WatchedSite> {
  const site = newWatchedSite({
    id: randomUUID(),
    accountId,
    url: `${on.origin}${path}`,
    urlDigest: randomUUID(),
    label: path,
    alertEnabled: false,
    createdAt,
  });
  // Far in the future: no sweep of another test picks it up.
  expect(await addWatchedSite(deps.table, site, 100, { shard: 0, dueAt: '2999-01-01T00:00:00.000Z' })).toBe('added');
  return site;
}

const message = (site: WatchedSite, slot = `run-${randomUUID()}`): RescanMessage => ({
  kind: 'rescan',
  accountId: site.accountId,
  siteId: site.id,
  slot,
  deferrals: 0,
});

async function snapshotsOf(site: WatchedSite): Promise<Array<{ sk: string; score: number }>> {
  const { pk, skPrefix } = siteHistoryOf(site.accountId, site.id);
  const { Items } = await deps.table.client.send(
    new QueryCommand({
      TableName: deps.config.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': pk, ':p': skPrefix },
      ConsistentRead: true,
    }),
  );
  return (Items ?? []) as Array<{ sk: string; score: number }>;
}

describe('the rescan worker', () => {
  it('scans a site once per sweep, whatever the concurrent and repeated deliveries', async () => {
    const user = await signUp();
    const site = await seededSite(user.accountId, '/');
    const delivery = message(site);
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => rescanSite(delivery, deps, 120)));
    expect(outcomes.filter((outcome) => outcome === 'rescanned')).toHaveLength(1);
    expect(outcomes.every((outcome) => ['rescanned', 'deferred', 'duplicate'].includes(outcome))).toBe(true);
    expect(await rescanSite(delivery, deps, 120)).toBe('duplicate');
    const snapshots = await snapshotsOf(site);
    expect(snapshots).toHaveLength(1);
    // With each dimension's score, which dates a lead per dimension in comparisons with competitors.
    expect(snapshots[0]).toMatchObject({
      score: expect.any(Number),
      dimensions: expect.objectContaining({ agent_access: expect.any(Number) }),
    });
    const stored = (await getWatchedSite(deps.table, site.accountId, site.id))!;
    expect(stored).toMatchObject({ lastScanSlot: delivery.slot, lastScanStatus: 'ok', historyCount: 1, lastScore: expect.any(Number) });
    // The next sweep scans it again, and records the change.
    expect(await rescanSite(message(site), deps, 120)).toMatch(/^(rescanned|deferred)$/);
  }, 60_000);

  it("reads a site's history as of its record, whatever rescan completes between the two reads", async () => {
    const user = await signUp();
    const own = await startShop('typical-gaps');
    const site = await seededSite(user.accountId, '/as-of', undefined, own);
    // At the most deferrals a message scans whatever holds the host: no wait for the spacing.
    const now = (): RescanMessage => ({ ...message(site), deferrals: 20 });
    expect(await rescanSite(now(), deps, 120)).toBe('rescanned');
    const readFirst = (await getWatchedSite(deps.table, site.accountId, site.id))!;
    expect(await rescanSite(now(), deps, 120)).toBe('rescanned');
    const readAfter = (await getWatchedSite(deps.table, site.accountId, site.id))!;

    // Another file's forced sweep may rescan the site too: hold each read to its record, not to a count.
    const asOfFirst = (await siteHistory(deps.table, site.accountId, readFirst, 90)).map((snapshot) => snapshot.scannedAt);
    expect(asOfFirst[0]).toBe(readFirst.lastScannedAt);
    expect(asOfFirst).not.toContain(readAfter.lastScannedAt);
    const asOfAfter = (await siteHistory(deps.table, site.accountId, readAfter, 90)).map((snapshot) => snapshot.scannedAt);
    expect(asOfAfter[0]).toBe(readAfter.lastScannedAt);
    expect(asOfAfter).toContain(readFirst.lastScannedAt);
    await own.close();
  }, 60_000);

  it('keeps 90 snapshots: the newest pushes out the oldest in the same write', async () => {
    const user = await signUp();
    // A shop of its own: rescans of one host are spaced, and the first test just used the other.
    const own = await startShop('typical-gaps');
    const site = await seededSite(user.accountId, '/capped', undefined, own);
    for (let index = 0; index < 90; index += 1) {
      const scannedAt = new Date(Date.UTC(2026, 0, 1) + index * 86_400_000).toISOString();
      await deps.table.client.send(
        new PutCommand({
          TableName: deps.config.tableName,
          Item: {
            ...siteSnapshotKey(site.accountId, site.id, scannedAt, `old-${index}`),
            type: 'ScoreSnapshot',
            score: 10 + (index % 50),
            scannedAt,
          },
        }),
      );
    }
    await setSite(site, { historyCount: 90 });
    expect(await rescanSite(message(site), deps, 120)).toBe('rescanned');
    const snapshots = await snapshotsOf(site);
    expect(snapshots).toHaveLength(90);
    expect(snapshots.some((snapshot) => snapshot.sk.endsWith('#old-0'))).toBe(false);
    expect(snapshots.some((snapshot) => snapshot.sk.endsWith('#old-1'))).toBe(true);
    expect((await getWatchedSite(deps.table, site.accountId, site.id))!.historyCount).toBe(90);
    await own.close();
  }, 60_000);

  it('does not rescan the newest sites above the limit after a downgrade, and says so on them', async () => {
    const user = await signUp();
    const sites: WatchedSite[] = [];
    for (let index = 0; index < 4; index += 1)
      sites.push(await seededSite(user.accountId, `/limit-${index}`, new Date(Date.UTC(2026, 10, 1 + index)).toISOString()));
    await setAccount(user.accountId, { siteCount: 4 }); // free allows 3
    expect(await rescanSite(message(sites[3]!), deps, 120)).toBe('paused');
    const listed = await user.client.call('/api/v1/watched-sites', { key: user.apiKey });
    const paused = (listed.body.sites as Array<{ id: string; rescanPaused: boolean }>)
      .filter((site) => site.rescanPaused)
      .map((site) => site.id);
    expect(paused).toEqual([sites[3]!.id]);
    const detail = await user.client.call(`/api/v1/watched-sites/${sites[3]!.id}`, { key: user.apiKey });
    expect(detail.body.site).toMatchObject({ rescanPaused: true });
  }, 60_000);
});

async function setSite(site: WatchedSite, values: Record<string, unknown>): Promise<void> {
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const names = Object.keys(values);
  await deps.table.client.send(
    new UpdateCommand({
      TableName: deps.config.tableName,
      Key: watchedSiteKey(site.accountId, site.id),
      UpdateExpression: `SET ${names.map((name, index) => `#n${index} = :v${index}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((name, index) => [`#n${index}`, name])),
      ExpressionAttributeValues: Object.fromEntries(names.map((name, index) => [`:v${index}`, values[name]])),
    }),
  );
}
