import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../bin/local/wait-until.js';
import { startShop, type RunningShop } from '#test/fixtures/shop-server.js';
import { mailsTo, setAccount, signUp, type SignedIn } from '../support/accounts.js';
import { page, submit } from '../support/local-billing-pages.js';

interface SiteDetail {
  site: { id: string; lastScore: number | null; scoreChange: number | null; lastScanId: string | null; lastScanStatus: string | null };
  scoreHistory: Array<{ score: number; scannedAt: string }>;
}

let shop: RunningShop;
let rival: RunningShop;
beforeAll(async () => {
  [shop, rival] = await Promise.all([startShop('agent-ready'), startShop('shopify-like')]);
});
afterAll(async () => {
  await Promise.all([shop?.close(), rival?.close()]);
});

const call = (user: SignedIn, path: string, body?: unknown) =>
  user.client.call(path, { method: body === undefined ? 'GET' : 'POST', key: user.apiKey, ...(body === undefined ? {} : { body }) });

async function watch(user: SignedIn, url: string, label: string): Promise<string> {
  const added = await call(user, '/api/v1/watched-sites', { url, label });
  expect(added.status, added.text).toBe(201);
  return (added.body.site as { id: string }).id;
}

async function detailWhen(user: SignedIn, siteId: string, snapshots: number): Promise<SiteDetail> {
  let latest: SiteDetail | undefined;
  await waitUntil(
    async () => {
      latest = (await call(user, `/api/v1/watched-sites/${siteId}`)).body as unknown as SiteDetail;
      return latest.scoreHistory.length >= snapshots;
    },
    { timeoutMs: 60_000, intervalMs: 500, description: `${snapshots} snapshots of site ${siteId}` },
  );
  return latest!;
}

async function depthOf(user: SignedIn, scanId: string | null): Promise<string> {
  const scan = await call(user, `/api/v1/scan/${scanId}`);
  expect(scan.status).toBe(200);
  return scan.body.tier as string;
}

describe('a change of depth: plan changes, comparisons and the rescan route', () => {
  it('rescans every watched site at the new depth when the plan changes, with no score_change alert', async () => {
    const user = await signUp();
    const siteId = await watch(user, `${shop.origin}/`, 'Depth shop');
    const first = await detailWhen(user, siteId, 1);
    expect(await depthOf(user, first.site.lastScanId)).toBe('free');

    // Bought through the local provider's checkout page, as a user does.
    const checkout = await call(user, '/api/v1/account/subscribe', { tier: 'growth' });
    expect(checkout.status).toBe(200);
    expect((await submit((await page(checkout.body.checkoutUrl as string)).forms[0]!)).status).toBe(200);

    const second = await detailWhen(user, siteId, 2);
    expect(await depthOf(user, second.site.lastScanId)).toBe('growth');
    expect(second.site.scoreChange).toBeNull();
    // One plan change, one rescan: no other sync of it queued a second.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect((await detailWhen(user, siteId, 2)).scoreHistory).toHaveLength(2);
    expect((await mailsTo(user.email)).filter((mail) => mail.subject.startsWith('Depth shop'))).toEqual([]);
  }, 90_000);

  it('offers a rescan for a pair read at two depths, and compares them once it ran', async () => {
    const user = await signUp();
    const ours = await watch(user, `${shop.origin}/`, 'Ours');
    await detailWhen(user, ours, 1);
    // Set in the table, not bought: no plan-change rescan, so the two sites stay at two depths.
    await setAccount(user.accountId, { tier: 'growth' });
    const theirs = await watch(user, `${rival.origin}/`, 'Theirs');
    expect(
      (await user.client.call(`/api/v1/watched-sites/${theirs}`, { method: 'PATCH', key: user.apiKey, body: { isCompetitor: true } }))
        .status,
    ).toBe(200);
    await detailWhen(user, theirs, 1);

    const before = await call(user, '/api/v1/watched-sites/compare');
    expect(before.body.comparisons).toMatchObject([
      { depth: { comparable: false, site: 'free', competitor: 'growth', rescan: [ours] }, overall: { ahead: null, by: null } },
    ]);

    const queued = await call(user, `/api/v1/watched-sites/${ours}/rescan`, {});
    expect(queued.status, queued.text).toBe(202);
    expect(queued.body).toMatchObject({ queued: true, tier: 'growth', site: { id: ours } });
    await detailWhen(user, ours, 2);
    const after = await call(user, '/api/v1/watched-sites/compare');
    expect(after.body.comparisons).toMatchObject([
      { depth: { comparable: true, site: 'growth', competitor: 'growth', rescan: [] }, overall: { ahead: expect.any(String) } },
    ]);
  }, 90_000);

  it('answers the rescan route 404 for an unknown or another account’s site, 400 for a bad id, 409 for a paused site', async () => {
    const [user, other] = await Promise.all([signUp(), signUp()]);
    const theirs = await watch(other, 'https://depth-other.example.com/', 'Other');
    expect((await call(user, `/api/v1/watched-sites/${theirs}/rescan`, {})).status).toBe(404);
    expect((await call(user, '/api/v1/watched-sites/00000000-0000-4000-8000-000000000000/rescan', {})).status).toBe(404);
    const bad = await call(user, '/api/v1/watched-sites/not-an-id/rescan', {});
    expect([bad.status, typeof bad.body.error]).toEqual([400, 'string']);

    // Four sites held on free (limit 3) after a downgrade: the newest is paused and is not rescanned.
    await setAccount(user.accountId, { tier: 'growth' });
    const ids: string[] = [];
    for (let index = 0; index < 4; index += 1) ids.push(await watch(user, `https://depth-${index}.example.com/`, `Site ${index}`));
    await setAccount(user.accountId, { tier: 'free' });
    const paused = await call(user, `/api/v1/watched-sites/${ids[3]}/rescan`, {});
    expect(paused.status).toBe(409);
    expect(paused.body.error).toMatch(/paused/);
    expect((await call(user, `/api/v1/watched-sites/${ids[0]}/rescan`, {})).status).toBe(202);
  }, 60_000);
});
