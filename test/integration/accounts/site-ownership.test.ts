import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWatchedSite, getWatchedSite } from '#shared/db/watched-site-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import { newWatchedSite, type WatchedSite } from '#shared/model/sites/watched-site.js';
import { rescanSite } from '#shared/use-cases/rescans/rescan-site.js';
import { pageWithHead, startProofSite, type ProofAnswer, type ProofSite } from '#test/fixtures/proof-site.js';
import { signUp, testTable, type SignedIn } from '../support/accounts.js';
import { changeShopWhileNoRescan } from '../support/host-lease.js';
import { inProcessDependencies } from '../support/in-process-deps.js';

const filePath = '/.well-known/agent-readiness-site-verification.txt';
const metaTag = (token: string) => `<meta name="agent-readiness-site-verification" content="${token}">`;

let site: ProofSite;
let elsewhere: ProofSite;
let deps: Dependencies;

beforeAll(async () => {
  [site, elsewhere] = await Promise.all([startProofSite(), startProofSite()]);
  deps = inProcessDependencies();
});
afterAll(() => Promise.all([site.close(), elsewhere.close()]));

/** A site put straight in the table, due far ahead: no first scan of the stack's worker checks it behind the test's back. */
async function watched(user: SignedIn, path: string, on: ProofSite = site): Promise<WatchedSite> {
  const created = newWatchedSite({
    id: randomUUID(),
    accountId: user.accountId,
    url: `${on.origin}${path}`,
    urlDigest: randomUUID(),
    label: path,
    alertEnabled: false,
    createdAt: new Date().toISOString(),
  });
  expect(await addWatchedSite(testTable(), created, 100, { shard: 0, dueAt: '2999-01-01T00:00:00.000Z' })).toBe('added');
  return created;
}

const ownershipOf = (user: SignedIn, id: string, family = '/api/v1/watched-sites') =>
  user.client.call(`${family}/${id}/ownership`, { key: user.apiKey });
const verify = (user: SignedIn, id: string, family = '/api/v1/watched-sites') =>
  user.client.call(`${family}/${id}/ownership/verify`, { method: 'POST', key: user.apiKey });

/** What a path serves from now on, changed while no rescan (this file's or a sweep's) is reading the site. */
const serve = (on: ProofSite, path: string, answer: ProofAnswer | null) => changeShopWhileNoRescan(on.origin, () => on.serve(path, answer));

async function tokenOf(user: SignedIn, id: string): Promise<string> {
  const answer = await ownershipOf(user, id);
  expect(answer.status).toBe(200);
  return (answer.body.ownership as { token: string }).token;
}

describe('proving a watched site is yours', () => {
  it('issues one token per site, the same to every concurrent first ask, on both path families', async () => {
    const user = await signUp();
    const first = await watched(user, '/one/');
    const second = await watched(user, '/two/');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) => ownershipOf(user, first.id, index % 2 ? '/api/v1/account/watched-sites' : undefined)),
    );
    const tokens = new Set(answers.map((answer) => (answer.body.ownership as { token: string }).token));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(tokens.size).toBe(1);
    const [token] = [...tokens] as [string];
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(answers[0]!.body).toEqual({
      ownership: {
        status: 'unproven',
        method: null,
        token,
        metaTag: metaTag(token),
        fileUrl: `${site.origin}${filePath}`,
        checkedAt: null,
        provenAt: null,
        detail: null,
        weeklyCheckoutDrive: false,
        acpCredential: { set: false, setAt: null },
      },
    });
    expect(await tokenOf(user, second.id)).not.toBe(token);
  });

  it('is proven by the meta tag on the page, then by the file, each read through the guarded fetcher', async () => {
    const user = await signUp();
    const shop = await watched(user, '/meta/');
    const token = await tokenOf(user, shop.id);
    await serve(site, '/meta/', pageWithHead(`<title>Shop</title><META NAME="Agent-Readiness-Site-Verification" content=" ${token} ">`));
    const proven = await verify(user, shop.id);
    expect(proven.status).toBe(200);
    expect(proven.body.ownership).toMatchObject({ status: 'proven', method: 'meta', token, checkedAt: expect.any(String) });
    const { provenAt } = proven.body.ownership as { provenAt: string };

    await serve(site, '/meta/', pageWithHead('<title>Shop</title>'));
    await serve(site, filePath, { status: 200, contentType: 'text/plain', body: `someone-else\n${token}\n` });
    const byFile = await verify(user, shop.id, '/api/v1/account/watched-sites');
    expect(byFile.status).toBe(200);
    expect(byFile.body.ownership).toMatchObject({ status: 'proven', method: 'file', provenAt });
    expect((await ownershipOf(user, shop.id)).body.ownership).toMatchObject({ status: 'proven', method: 'file' });
    await serve(site, filePath, null);
  });

  it("answers 422 for a missing token and for another site's token, and records what it found", async () => {
    const user = await signUp();
    const shop = await watched(user, '/missing/');
    const sibling = await watched(user, '/sibling/');
    await tokenOf(user, shop.id);
    await serve(site, '/missing/', pageWithHead('<meta name="description" content="A shop">'));
    const missing = await verify(user, shop.id);
    expect(missing.status).toBe(422);
    expect(missing.body.error).toBe(
      `Ownership not proven: No token: ${site.origin}/missing/ has no <meta name="agent-readiness-site-verification"> tag, and ${site.origin}${filePath} has none (HTTP 404)`,
    );
    expect((await ownershipOf(user, shop.id)).body.ownership).toMatchObject({ status: 'unproven', checkedAt: expect.any(String) });

    await serve(site, '/missing/', pageWithHead(metaTag(await tokenOf(user, sibling.id))));
    const another = await verify(user, shop.id);
    expect(another.status).toBe(422);
    expect(another.body.error).toContain("carries a verification token that is not this site's");
  });

  it('reads no proof from a page that redirects to another origin', async () => {
    const user = await signUp();
    const shop = await watched(user, '/moved/');
    const token = await tokenOf(user, shop.id);
    await serve(elsewhere, '/landing', pageWithHead(metaTag(token)));
    await serve(site, '/moved/', { status: 302, body: '', location: `${elsewhere.origin}/landing` });
    const answer = await verify(user, shop.id);
    expect(answer.status).toBe(422);
    expect(answer.body.error).toContain(`(it redirects to another origin, ${elsewhere.origin})`);
  });

  it("answers 404 for someone else's site and an unknown one, and 400 for an id that is not one, on both families", async () => {
    const owner = await signUp();
    const stranger = await signUp();
    const shop = await watched(owner, '/private/');
    const before = site.requested.length;
    for (const family of ['/api/v1/watched-sites', '/api/v1/account/watched-sites']) {
      for (const id of [shop.id, randomUUID()]) {
        expect((await ownershipOf(stranger, id, family)).status).toBe(404);
        expect((await verify(stranger, id, family)).status).toBe(404);
      }
      const malformed = await verify(stranger, 'not-a-uuid', family);
      expect(malformed.status).toBe(400);
      expect(malformed.body.error).toEqual(expect.any(String));
    }
    expect(site.requested.length).toBe(before);
    expect((await getWatchedSite(testTable(), owner.accountId, shop.id))?.ownershipToken).toBeUndefined();
  });

  it('is checked again at every rescan: lost when the tag is removed, proven again when it is back', async () => {
    const user = await signUp();
    const shop = await watched(user, '/weekly/');
    const token = await tokenOf(user, shop.id);
    await serve(site, '/weekly/', pageWithHead(metaTag(token)));
    expect((await verify(user, shop.id)).status).toBe(200);

    const rescan = () =>
      rescanSite({ kind: 'rescan', accountId: user.accountId, siteId: shop.id, slot: `run-${randomUUID()}`, deferrals: 0 }, deps, 120);
    expect(await rescan()).toBe('rescanned');
    const kept = (await getWatchedSite(testTable(), user.accountId, shop.id))!.ownership!;
    expect(kept.status).toBe('proven');

    await serve(site, '/weekly/', pageWithHead('<title>Shop</title>'));
    expect(await rescan()).toBe('rescanned');
    const lost = (await getWatchedSite(testTable(), user.accountId, shop.id))!.ownership!;
    expect(lost).toMatchObject({ status: 'lost', method: null, provenAt: null });
    expect(lost.detail).toContain('has no <meta name="agent-readiness-site-verification"> tag');

    await serve(site, '/weekly/', pageWithHead(metaTag(token)));
    expect(await rescan()).toBe('rescanned');
    const back = (await getWatchedSite(testTable(), user.accountId, shop.id))!.ownership!;
    expect(back).toMatchObject({ status: 'proven', method: 'meta' });
    expect(back.provenAt).not.toBe(kept.provenAt);
  });

  it('is not checked at rescans of a site whose owner never asked for a token', async () => {
    const user = await signUp();
    const shop = await watched(user, '/never/');
    await serve(site, '/never/', pageWithHead('<title>Shop</title>'));
    const before = site.requested.filter((path) => path === filePath).length;
    expect(
      await rescanSite(
        { kind: 'rescan', accountId: user.accountId, siteId: shop.id, slot: `run-${randomUUID()}`, deferrals: 0 },
        deps,
        120,
      ),
    ).toBe('rescanned');
    expect((await getWatchedSite(testTable(), user.accountId, shop.id))!.ownership).toBeUndefined();
    expect(site.requested.filter((path) => path === filePath).length).toBe(before);
  });
});
