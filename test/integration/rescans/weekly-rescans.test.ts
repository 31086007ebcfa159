import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../bin/local/wait-until.js';
import { startShop, type RunningShop } from '#test/fixtures/shop-server.js';
import { callApi } from '../support/http.js';
import { itemsWhere, mailsTo, setAccount, signUp, type SignedIn } from '../support/accounts.js';
import { queueDrained } from '../support/queues.js';
import { changeShopWhileNoRescan } from '../support/host-lease.js';

interface SiteDetail {
  site: {
    id: string;
    lastScore: number | null;
    lastScannedAt: string | null;
    scoreChange: number | null;
    lastScanStatus: string | null;
    lastError: string | null;
  };
  scoreHistory: Array<{ score: number; scannedAt: string }>;
}

let shop: RunningShop;
beforeAll(async () => {
  shop = await startShop('agent-ready');
});
afterAll(() => shop.close());

async function detail(user: SignedIn, siteId: string): Promise<SiteDetail> {
  const response = await user.client.call(`/api/v1/watched-sites/${siteId}`, { key: user.apiKey });
  if (response.status !== 200) throw new Error(`GET watched site answered ${response.status}: ${response.text}`);
  return response.body as unknown as SiteDetail;
}

async function detailWhen(user: SignedIn, siteId: string, holds: (site: SiteDetail) => boolean, description: string): Promise<SiteDetail> {
  let latest: SiteDetail | undefined;
  await waitUntil(
    async () => {
      latest = await detail(user, siteId);
      return holds(latest);
    },
    { timeoutMs: 60_000, intervalMs: 500, description: `${description} of site ${siteId}` },
  );
  return latest!;
}

function snapshotsReach(user: SignedIn, siteId: string, count: number): Promise<SiteDetail> {
  return detailWhen(user, siteId, (site) => site.scoreHistory.length >= count, `${count} snapshots`);
}

async function sweepAll(): Promise<void> {
  const response = await callApi('/_local/rescan', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"all": true}',
  });
  expect(response.status).toBe(202);
}

describe('weekly rescans on the local stack', () => {
  it('scans an added site at once, rescans on the sweep, records the change, alerts a crossed threshold once and mails one digest', async () => {
    // An earlier file's sweep still paging through the stack's sites would take this site in too, and its
    // rescan could read the shop before the change below and land after it: let those sweeps finish first.
    await queueDrained('sweep', 60_000);
    const user = await signUp({ tier: 'growth' });
    const added = await user.client.call('/api/v1/watched-sites', {
      method: 'POST',
      key: user.apiKey,
      body: { url: `${shop.origin}/`, label: 'Fixture shop' },
    });
    expect(added.status).toBe(201);
    const siteId = (added.body.site as { id: string }).id;

    // The first scan is queued when the site is added.
    const first = await snapshotsReach(user, siteId, 1);
    expect(first.site).toMatchObject({
      lastScore: expect.any(Number),
      lastScannedAt: expect.any(String),
      scoreChange: null,
      lastScanStatus: 'ok',
      lastError: null,
    });
    const firstScore = first.site.lastScore!;
    expect(first.scoreHistory[0]).toEqual({ score: firstScore, scannedAt: first.site.lastScannedAt });

    // A threshold just under today's score: it holds after the shop gets worse, and alerts once.
    const threshold = await user.client.call(`/api/v1/watched-sites/${siteId}/thresholds`, {
      method: 'POST',
      key: user.apiKey,
      body: { condition: 'drops_below', value: firstScore - 1 },
    });
    expect(threshold.status).toBe(201);

    // Other test files sweep the same stack, so the site may be rescanned more often than this test
    // asks: wait for the rescan that saw the change rather than for a count of snapshots.
    await changeShopWhileNoRescan(shop.origin, () => shop.serve('typical-gaps'));
    await sweepAll();
    const second = await detailWhen(
      user,
      siteId,
      (site) => site.site.lastScore !== null && site.site.lastScore < firstScore - 1,
      'a rescan of the worse shop',
    );
    const secondScore = second.site.lastScore!;
    expect(second.site.scoreChange).toBe(secondScore - firstScore);
    expect(second.scoreHistory.slice(0, 2).map((snapshot) => snapshot.score)).toEqual([secondScore, firstScore]); // newest first

    let mails = await mailsTo(user.email);
    await waitUntil(
      async () => {
        mails = (await mailsTo(user.email)).filter((mail) => mail.subject.startsWith('Fixture shop'));
        return mails.length > 0;
      },
      { timeoutMs: 30_000, intervalMs: 200, description: 'the alert digest' },
    );
    const [digest] = mails;
    expect(digest!.subject).toBe(`Fixture shop: score ${firstScore} → ${secondScore} (−${firstScore - secondScore})`);
    expect(digest!.body.text).toContain(`Threshold: the score dropped below ${firstScore - 1}.`);
    expect(digest!.body.text).toMatch(/Worse: .+ \((pass|warn) → (warn|fail)\)/);
    expect(digest!.body.text).toContain('Top fix: ');

    // The same shop again: no change, the threshold still holds, so nothing new to mail.
    await sweepAll();
    const third = await snapshotsReach(user, siteId, second.scoreHistory.length + 1);
    expect(third.site.scoreChange).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(
      (await mailsTo(user.email)).filter((mail) => mail.subject.startsWith('Fixture shop') || mail.subject.startsWith('Score changes')),
    ).toHaveLength(1);
    await changeShopWhileNoRescan(shop.origin, () => shop.serve('agent-ready'));
  }, 120_000);

  it('reports no score change, and mails none, for a rescan at another depth after a plan change', async () => {
    const other = await startShop('shopify-like');
    try {
      const user = await signUp({ tier: 'growth' });
      const added = await user.client.call('/api/v1/watched-sites', {
        method: 'POST',
        key: user.apiKey,
        body: { url: `${other.origin}/`, label: 'Plan change shop' },
      });
      const siteId = (added.body.site as { id: string }).id;
      const first = await snapshotsReach(user, siteId, 1);
      // Down to pro: the next rescan reads one product page instead of four, with nothing changed on the shop.
      await setAccount(user.accountId, { tier: 'pro' });
      await sweepAll();
      const second = await snapshotsReach(user, siteId, first.scoreHistory.length + 1);
      expect(second.site.lastScanStatus).toBe('ok');
      expect(second.site.scoreChange).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect((await mailsTo(user.email)).filter((mail) => mail.subject.startsWith('Plan change shop'))).toEqual([]);
    } finally {
      await other.close();
    }
  }, 90_000);

  it('records a failed rescan on the site and keeps its last score', async () => {
    const gone = await startShop('agent-ready');
    // Growth: polling the site counts against the monthly allowance, and free's 100 calls run out
    // before a slow machine has rescanned.
    const user = await signUp({ tier: 'growth' });
    const added = await user.client.call('/api/v1/watched-sites', { method: 'POST', key: user.apiKey, body: { url: `${gone.origin}/` } });
    const siteId = (added.body.site as { id: string }).id;
    const scanned = await snapshotsReach(user, siteId, 1);
    await gone.close();
    await sweepAll();
    let after = scanned;
    await waitUntil(
      async () => {
        after = await detail(user, siteId);
        return after.site.lastScanStatus === 'failed';
      },
      { timeoutMs: 60_000, intervalMs: 500, description: 'the failed rescan' },
    );
    expect(after.site).toMatchObject({
      lastScore: scanned.site.lastScore,
      lastScannedAt: scanned.site.lastScannedAt,
      lastError: expect.stringMatching(/unreachable/),
    });
    expect(after.scoreHistory).toHaveLength(scanned.scoreHistory.length);
  }, 90_000);

  it('removes the history and thresholds with the site', async () => {
    const user = await signUp({ tier: 'growth' });
    const added = await user.client.call('/api/v1/watched-sites', {
      method: 'POST',
      key: user.apiKey,
      body: { url: `${shop.origin}/?site=deleted` },
    });
    const siteId = (added.body.site as { id: string }).id;
    await user.client.call(`/api/v1/watched-sites/${siteId}/thresholds`, {
      method: 'POST',
      key: user.apiKey,
      body: { condition: 'rises_above', value: 95 },
    });
    await snapshotsReach(user, siteId, 1);
    expect((await user.client.call(`/api/v1/watched-sites/${siteId}`, { method: 'DELETE', key: user.apiKey })).status).toBe(200);
    expect(await itemsWhere('ScoreSnapshot', 'pk', `ACCOUNT#${user.accountId}`)).toEqual([]);
    expect((await user.client.call(`/api/v1/watched-sites/${siteId}/thresholds`, { key: user.apiKey })).status).toBe(404);
  }, 90_000);
});
