import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { putOwnedScan } from '#shared/db/scan-store.js';
import { addWatchedSite, getWatchedSite } from '#shared/db/watched-site-store.js';
import { completeRescan } from '#shared/db/rescan-completion-store.js';
import type { ScanResult } from '#shared/model/scans/scan-result.js';
import type { Tier } from '#shared/model/tiers.js';
import { snapshotOf, type Competition } from '#shared/model/sites/competition.js';
import { compareSitesSummary } from '#shared/mcp/compare-summary.js';
import { newWatchedSite, normalizeSiteUrl, urlDigest, type WatchedSite } from '#shared/model/sites/watched-site.js';
import { sampleResult } from '#test/support/scan-result-parts.js';
import { signUp, testTable, type SignedIn } from '../support/accounts.js';
import { connectMcp } from '../support/mcp-client.js';
import { textOf } from '#test/support/mcp-tool-text.js';

const at = (day: number) => `2026-10-${String(day).padStart(2, '0')}T09:00:00.000Z`;

/** A site put through the store, as adding one does, without queueing its first scan (these sites are never fetched). */
async function watched(accountId: string, host: string, isCompetitor: boolean): Promise<WatchedSite> {
  const url = normalizeSiteUrl(new URL(`https://${host}/`));
  const site = newWatchedSite({
    id: randomUUID(),
    accountId,
    url,
    urlDigest: urlDigest(url),
    label: host,
    alertEnabled: false,
    isCompetitor,
    createdAt: new Date().toISOString(),
  });
  expect(await addWatchedSite(testTable(), site, 100, { shard: 0, dueAt: '2099-01-01T00:00:00.000Z' })).toBe('added');
  return site;
}

/**
 * A completed rescan as the rescan worker stores it: the owned scan, then the site's figures and its
 * snapshot in one transaction. `withDimensions: false` writes a snapshot as rescans did before comparisons.
 */
async function rescanned(
  site: WatchedSite,
  scan: { day: number; score: number; productData: number; offerCore: 'pass' | 'fail'; tier?: Tier },
  withDimensions = true,
): Promise<void> {
  const base = sampleResult(new URL(site.url).origin);
  const result: ScanResult = {
    ...base,
    tier: scan.tier ?? base.tier,
    id: randomUUID(),
    score: scan.score,
    createdAt: at(scan.day),
    dimensions: base.dimensions.map((dimension) => ({ ...dimension, score: scan.productData })),
    checks: base.checks.map((check) =>
      check.id === 'offer_core'
        ? { ...check, status: scan.offerCore, score: scan.offerCore === 'pass' ? 1 : 0, earned: scan.offerCore === 'pass' ? 6 : 0 }
        : check,
    ),
  };
  await putOwnedScan(testTable(), result, site.accountId);
  const snapshot = withDimensions ? snapshotOf(result) : { score: result.score, scannedAt: result.createdAt };
  const current = (await getWatchedSite(testTable(), site.accountId, site.id))!;
  const written = await completeRescan(testTable(), {
    site: current,
    slot: `test-${scan.day}`,
    next: { shard: 0, dueAt: '2099-01-01T00:00:00.000Z' },
    changes: {
      kind: 'scored',
      lastScore: result.score,
      lastScannedAt: result.createdAt,
      scoreChange: current.lastScore === null ? null : result.score - current.lastScore,
      scanId: result.id,
      thresholds: [],
      snapshot,
      drop: [],
    },
  });
  expect(written).toBe('completed');
}

const compare = (user: SignedIn) => user.client.call('/api/v1/watched-sites/compare', { key: user.apiKey });

describe('own sites beside competitors, GET /api/v1/watched-sites/compare', () => {
  it('says who is ahead, by how much and since when, from the histories of this account only, over REST and MCP', async () => {
    const [owner, other, pro] = await Promise.all([signUp({ tier: 'growth' }), signUp({ tier: 'growth' }), signUp({ tier: 'pro' })]);
    const ours = await watched(owner.accountId, 'ours.compare.example', false);
    const rival = await watched(owner.accountId, 'rival.compare.example', true);
    const unscanned = await watched(owner.accountId, 'unscanned.compare.example', true);
    const elsewhere = await watched(other.accountId, 'elsewhere.compare.example', true);
    const othersOwn = await watched(other.accountId, 'others-own.compare.example', false);

    // Merged by time: the 2nd the rival leads (60 to 50), from the 3rd ours (70 to 60, then 70 to 65).
    // Our first snapshot predates dimension scores: per dimension the record starts on the 2nd at the earliest.
    await rescanned(ours, { day: 1, score: 50, productData: 40, offerCore: 'fail' }, false);
    await rescanned(rival, { day: 2, score: 60, productData: 70, offerCore: 'pass' });
    await rescanned(ours, { day: 3, score: 70, productData: 80, offerCore: 'fail' });
    await rescanned(rival, { day: 4, score: 65, productData: 75, offerCore: 'pass' });
    await rescanned(elsewhere, { day: 2, score: 99, productData: 99, offerCore: 'pass' });
    await rescanned(othersOwn, { day: 2, score: 10, productData: 10, offerCore: 'fail' });

    expect((await compare(pro)).status).toBe(403);
    const answer = await compare(owner);
    expect(answer.status).toBe(200);
    const body = answer.body as {
      sites: Array<{ id: string; score: number | null; dimensions: Record<string, number | null> }>;
      comparisons: Array<Record<string, unknown>>;
      checks: Array<{ id: string }>;
    };
    expect(body.sites.map((site) => site.id)).toEqual([ours.id, rival.id, unscanned.id]);
    expect(body.sites[0]).toMatchObject({ score: 70, dimensions: { product_data: 80 } });
    expect(body.comparisons).toEqual([
      {
        siteId: ours.id,
        competitorId: rival.id,
        depth: { comparable: true, site: 'pro', competitor: 'pro', rescan: [] },
        overall: { ahead: 'site', by: 5, since: at(3), sinceStart: false },
        // The 2nd is unknown for the dimension (our snapshot of the 1st has none): the lead is as old as the record.
        dimensions: { product_data: { ahead: 'site', by: 5, since: at(3), sinceStart: true } },
        checks: { differing: 1, rows: [{ checkId: 'offer_core', site: 'fail', competitor: 'pass', ahead: 'competitor', by: 6 }] },
      },
      {
        siteId: ours.id,
        competitorId: unscanned.id,
        depth: { comparable: true, site: 'pro', competitor: null, rescan: [] },
        overall: { ahead: null, by: null, since: null, sinceStart: false },
        dimensions: { product_data: { ahead: null, by: null, since: null, sinceStart: false } },
        checks: { differing: 0, rows: [] },
      },
    ]);
    expect(body.checks.map((check) => check.id)).toEqual(['offer_core']);
    expect(answer.text).not.toContain(elsewhere.id);
    expect(answer.text).not.toContain(othersOwn.id);

    // `compare` is not read as a site id: the other account gets its own comparison, without the first account's sites.
    const theirs = await compare(other);
    expect(theirs.status).toBe(200);
    expect((theirs.body.comparisons as Array<{ overall: unknown }>)[0]!.overall).toMatchObject({ ahead: 'competitor', by: 89 });
    expect(theirs.text).not.toContain(ours.id);

    // The compare_sites MCP tool answers from the same comparison, and refuses below growth in REST's words.
    const [ownerMcp, proMcp] = await Promise.all([connectMcp(owner.apiKey), connectMcp(pro.apiKey)]);
    try {
      const tool = await ownerMcp.callTool({ name: 'compare_sites', arguments: {} });
      expect(tool.isError, textOf(tool)).toBeFalsy();
      expect(tool.structuredContent).toEqual(compareSitesSummary(answer.body as unknown as Competition));
      expect(tool.structuredContent).toMatchObject({
        shown: 2,
        total: 2,
        comparisons: [
          {
            site: { id: ours.id, score: 70 },
            competitor: { id: rival.id, score: 65 },
            dimensions: [{ id: 'product_data', ahead: 'site', by: 5 }],
            biggestGaps: [{ checkId: 'offer_core', ahead: 'competitor', by: 6 }],
          },
          { competitor: { id: unscanned.id, score: null }, overall: { ahead: null } },
        ],
      });
      expect(textOf(tool)).toBe(
        `2 comparisons: ours.compare.example leads rival.compare.example by 5 points since ${at(3)}; ours.compare.example beside unscanned.compare.example: not both scanned yet.`,
      );
      const refused = await proMcp.callTool({ name: 'compare_sites', arguments: {} });
      expect([refused.isError, textOf(refused)]).toEqual([true, (await compare(pro)).body.error]);
    } finally {
      await Promise.all([ownerMcp.close(), proMcp.close()]);
    }
  });

  it('sets side by side only scans of one depth, and names the site to rescan, over REST and MCP', async () => {
    const owner = await signUp({ tier: 'growth' });
    const ours = await watched(owner.accountId, 'ours.depth.example', false);
    const rival = await watched(owner.accountId, 'rival.depth.example', true);
    // Ours was last read while the account was on free (homepage only), the rival since the upgrade.
    await rescanned(ours, { day: 1, score: 58, productData: 40, offerCore: 'fail', tier: 'free' });
    await rescanned(rival, { day: 2, score: 62, productData: 70, offerCore: 'pass', tier: 'growth' });

    const answer = await compare(owner);
    expect(answer.status).toBe(200);
    const [pair] = answer.body.comparisons as Array<Record<string, unknown>>;
    expect(pair).toEqual({
      siteId: ours.id,
      competitorId: rival.id,
      depth: { comparable: false, site: 'free', competitor: 'growth', rescan: [ours.id] },
      overall: { ahead: null, by: null, since: null, sinceStart: false },
      dimensions: { product_data: { ahead: null, by: null, since: null, sinceStart: false } },
      checks: { differing: 0, rows: [] },
    });

    const mcp = await connectMcp(owner.apiKey);
    try {
      const tool = await mcp.callTool({ name: 'compare_sites', arguments: {} });
      expect(tool.structuredContent).toMatchObject({ comparisons: [{ comparable: false, rescan: [ours.id], overall: { ahead: null } }] });
      expect(textOf(tool)).toContain('ours.depth.example (scanned at free) and rival.depth.example (at growth) are not comparable');
    } finally {
      await mcp.close();
    }

    // Read at growth too: comparable, and the moment the depths differed dates nothing.
    await rescanned(ours, { day: 3, score: 66, productData: 80, offerCore: 'pass', tier: 'growth' });
    const again = (await compare(owner)).body.comparisons as Array<Record<string, unknown>>;
    expect(again[0]).toMatchObject({
      depth: { comparable: true, site: 'growth', competitor: 'growth', rescan: [] },
      overall: { ahead: 'site', by: 4, since: at(3), sinceStart: true },
    });
  });
});
