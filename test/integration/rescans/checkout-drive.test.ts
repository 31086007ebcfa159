/**
 * The checkout drive of a proven owner's site, end to end on the local stack: the route queues a rescan, the stack's
 * rescan worker checks the ownership again, drives a checkout at the fixture shop's UCP service (create, read back,
 * cancel) and stores the scan whose Google buy step is proven; with the owner's ACP token it drives the fixture's ACP
 * service too, and ChatGPT's buy step is proven. A proof removed before the rescan stops the drive.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWatchedSite, getWatchedSite } from '#shared/db/watched-site-store.js';
import { newWatchedSite, type WatchedSite } from '#shared/model/sites/watched-site.js';
import type { AssistantRecord, ScanResult } from '#shared/model/scans/scan-result.js';
import { scanCompleteData } from '#shared/model/events.js';
import { startShop, type RunningShop, type ShopRoute } from '#test/fixtures/shop-server.js';
import { waitUntil } from '../../../bin/local/wait-until.js';
import { startWebhookReceiver } from '#test/fixtures/webhook-receiver.js';
import { signUp, testTable, type SignedIn } from '../support/accounts.js';
import { changeShopWhileNoRescan } from '../support/host-lease.js';
import { callApi } from '../support/http.js';
import { acpFixtureToken } from '#test/fixtures/acp-checkout-service.js';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { watchedSiteKey } from '#shared/db/watched-site-keys.js';

const proofPath = '/.well-known/agent-readiness-site-verification.txt';
const routes: Record<string, ShopRoute> = {};
let shop: RunningShop;

beforeAll(async () => {
  shop = await startShop('agent-ready', { routes });
});
afterAll(() => shop.close());

async function watched(user: SignedIn): Promise<WatchedSite> {
  const site = newWatchedSite({
    id: randomUUID(),
    accountId: user.accountId,
    url: `${shop.origin}/`,
    urlDigest: randomUUID(),
    label: 'Trailhead',
    alertEnabled: false,
    createdAt: new Date().toISOString(),
  });
  expect(await addWatchedSite(testTable(), site, 100, { shard: 0, dueAt: '2999-01-01T00:00:00.000Z' })).toBe('added');
  return site;
}

const serveProof = (token: string | null) =>
  changeShopWhileNoRescan(shop.origin, () => {
    if (token === null) delete routes[proofPath];
    else routes[proofPath] = { contentType: 'text/plain', body: `${token}\n` };
  });

async function prove(user: SignedIn, site: WatchedSite): Promise<void> {
  const { body } = await user.client.call(`/api/v1/watched-sites/${site.id}/ownership`, { key: user.apiKey });
  await serveProof((body.ownership as { token: string }).token);
  const verified = await user.client.call(`/api/v1/watched-sites/${site.id}/ownership/verify`, { method: 'POST', key: user.apiKey });
  expect(verified.status).toBe(200);
}

/** The site after the stack's worker completed a rescan other than `previous`. */
async function rescanned(user: SignedIn, site: WatchedSite, previous: string | null): Promise<WatchedSite> {
  let current: WatchedSite | null = null;
  await waitUntil(
    async () => {
      current = await getWatchedSite(testTable(), user.accountId, site.id);
      return current !== null && current.lastScanId !== previous && current.lastScanId !== null;
    },
    { timeoutMs: 90_000, intervalMs: 250, description: `a rescan of ${site.url}` },
  );
  return current!;
}

const checkoutRequests = () =>
  shop.received.filter(({ method, path }) => method === 'POST' && path.startsWith('/ucp/v1/checkout-sessions'));
const acpRequests = () => shop.received.filter(({ path }) => path.startsWith('/acp/checkout_sessions') && !path.includes('probe'));
const assistant = (result: ScanResult, id: string): AssistantRecord => result.assistants.find((record) => record.id === id)!;
const google = (result: ScanResult): AssistantRecord => assistant(result, 'google');

describe('the checkout drive of a proven site', () => {
  it('names a platform profile the service serves, cacheable as UCP asks', async () => {
    const answer = await callApi('/.well-known/ucp');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=3600');
    const profile = (await answer.json()) as { ucp: { version: string; capabilities: Record<string, unknown>; payment_handlers: object } };
    expect(profile.ucp.version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Object.keys(profile.ucp.capabilities)).toEqual(['dev.ucp.shopping.checkout', 'dev.ucp.shopping.catalog.lookup']);
    expect(profile.ucp.payment_handlers).toEqual({});
  });

  it('refuses an unproven site (409), a free account (403), and a site that is not the caller’s (404)', async () => {
    const owner = await signUp({ tier: 'pro' });
    const site = await watched(owner);
    const drive = (user: SignedIn, id: string, body?: unknown) =>
      user.client.call(`/api/v1/watched-sites/${id}/checkout-drive`, { method: 'POST', key: user.apiKey, ...(body ? { body } : {}) });
    const unproven = await drive(owner, site.id);
    expect(unproven.status).toBe(409);
    expect(unproven.body.error).toContain('Prove this site is yours first: its ownership is unproven');
    expect((await drive(await signUp(), site.id)).status).toBe(403);
    expect((await drive(await signUp({ tier: 'pro' }), site.id)).status).toBe(404);
    expect((await drive(owner, site.id, { weekly: 'yes' })).status).toBe(400);
    expect((await drive(owner, site.id, { weekly: true, extra: 1 })).status).toBe(400);
  });

  it("keeps the owner's ACP token sealed and never shows it, refusing bad input, free accounts and others' sites", async () => {
    const owner = await signUp({ tier: 'pro' });
    const site = await watched(owner);
    const put = (user: SignedIn, id: string, body: unknown) =>
      user.client.call(`/api/v1/watched-sites/${id}/acp-credential`, { method: 'PUT', key: user.apiKey, body });
    for (const body of [
      {},
      { token: 42 },
      { token: 'short' },
      { token: 'has a space in it' },
      { token: 'tökén-ünïcode' },
      { token: 'x'.repeat(2049) },
      { token: acpFixtureToken, extra: 1 },
    ])
      expect((await put(owner, site.id, body)).status, JSON.stringify(body).slice(0, 40)).toBe(400);
    expect((await put(await signUp(), site.id, { token: acpFixtureToken })).status).toBe(403);
    expect((await put(await signUp({ tier: 'pro' }), site.id, { token: acpFixtureToken })).status).toBe(404);
    expect((await put(owner, 'not-a-site-id', { token: acpFixtureToken })).status).toBe(400);

    // Concurrent replacements: each answers 200 and one of them is what stays stored.
    const tokens = Array.from({ length: 8 }, (_, index) => `${acpFixtureToken}-${index}`);
    const answers = await Promise.all(tokens.map((token) => put(owner, site.id, { token })));
    expect(answers.map(({ status }) => status)).toEqual(tokens.map(() => 200));
    expect(answers[0]!.body).toEqual({ acpCredential: { set: true, setAt: expect.any(String) } });
    const { Item } = await testTable().client.send(
      new GetCommand({ TableName: testTable().name, Key: watchedSiteKey(owner.accountId, site.id) }),
    );
    const stored = JSON.stringify(Item);
    expect((Item!.acpCredential as { sealed: string }).sealed).toMatch(/^v1:/);
    expect(stored).not.toContain(acpFixtureToken);

    const ownership = await owner.client.call(`/api/v1/watched-sites/${site.id}/ownership`, { key: owner.apiKey });
    expect(ownership.body.ownership).toMatchObject({ acpCredential: { set: true } });
    expect(JSON.stringify(ownership.body)).not.toContain(acpFixtureToken);
    const forgotten = await owner.client.call(`/api/v1/watched-sites/${site.id}/acp-credential`, { method: 'DELETE', key: owner.apiKey });
    expect(forgotten).toMatchObject({ status: 200, body: { acpCredential: { set: false, setAt: null } } });
    expect((await getWatchedSite(testTable(), owner.accountId, site.id))?.acpCredential).toBeUndefined();
  });

  it('drives a checkout at the rescan it queues, proves the buy step, and stops when the proof is removed', async () => {
    // Growth: its rescans deliver scan_complete, which must say the buy step was proven.
    const owner = await signUp({ tier: 'growth' });
    const hooks = await startWebhookReceiver();
    const registered = await owner.client.call('/api/v1/webhooks', {
      method: 'POST',
      key: owner.apiKey,
      body: { url: hooks.url, events: ['scan_complete'] },
    });
    expect(registered.status).toBe(201);
    const site = await watched(owner);
    await prove(owner, site);
    const given = await owner.client.call(`/api/v1/watched-sites/${site.id}/acp-credential`, {
      method: 'PUT',
      key: owner.apiKey,
      body: { token: acpFixtureToken },
    });
    expect(given.status).toBe(200);
    const before = checkoutRequests().length;
    const acpBefore = acpRequests().length;

    const queued = await owner.client.call(`/api/v1/watched-sites/${site.id}/checkout-drive`, {
      method: 'POST',
      key: owner.apiKey,
      body: { weekly: true },
    });
    expect(queued.status).toBe(202);
    expect(queued.body).toEqual({ queued: true, weekly: true });
    const first = await rescanned(owner, site, null);
    expect(first.ownership?.status).toBe('proven');

    const scan = await owner.client.call(`/api/v1/scan/${first.lastScanId}`, { key: owner.apiKey });
    const result = scan.body as unknown as ScanResult;
    const buy = google(result).steps.find((step) => step.step === 'buy')!;
    expect(buy).toMatchObject({ basis: 'exercised', drive: { kind: 'checkout', outcome: 'as_specified' } });
    expect(buy.drive!.detail).toMatch(/^created a checkout for 1 × \S+, read it back \(.+, as the page says\) and cancelled it$/);
    expect(google(result).verdict).toBe('can_buy');
    expect(scanCompleteData(result).assistants.find((assistant) => assistant.id === 'google')).toMatchObject({ buyProven: true });
    await waitUntil(() => hooks.received.length > 0, { timeoutMs: 30_000, intervalMs: 100, description: 'the scan_complete delivery' });
    const delivered = JSON.parse(hooks.received[0]!.body) as { data: { scanId: string; assistants: Array<Record<string, unknown>> } };
    expect(delivered.data.scanId).toBe(first.lastScanId);
    expect(delivered.data.assistants.find((assistant) => assistant.id === 'google')).toMatchObject({
      verdict: 'can_buy',
      buyBasis: 'exercised',
      buyDrive: { kind: 'checkout', outcome: 'as_specified' },
      buyProven: true,
    });
    const sent = checkoutRequests().slice(before);
    expect(sent.map(({ path }) => path.replace(/chk_\d+/, '{id}'))).toEqual([
      '/ucp/v1/checkout-sessions',
      '/ucp/v1/checkout-sessions/{id}/cancel',
    ]);
    expect(sent[0]!.protocolHeaders['ucp-agent']).toMatch(/^profile="https?:\/\/[^"]+\/\.well-known\/ucp"$/);

    // The same rescan drove the ACP checkout with the owner's token: ChatGPT's buy step is proven, and the token is
    // in no stored or delivered word.
    const acpSent = acpRequests().slice(acpBefore);
    expect(acpSent.map(({ method, path }) => `${method} ${path.replace(/cs_\d+/, '{id}')}`)).toEqual([
      'POST /acp/checkout_sessions',
      'GET /acp/checkout_sessions/{id}',
      'POST /acp/checkout_sessions/{id}/cancel',
    ]);
    expect(acpSent.every(({ protocolHeaders }) => protocolHeaders.authorization === `Bearer ${acpFixtureToken}`)).toBe(true);
    expect(assistant(result, 'chatgpt').steps.find((step) => step.step === 'buy')).toMatchObject({
      basis: 'exercised',
      drive: { kind: 'checkout', outcome: 'as_specified' },
    });
    expect(scanCompleteData(result).assistants.find(({ id }) => id === 'chatgpt')).toMatchObject({ buyProven: true });
    expect(JSON.stringify(result)).not.toContain(acpFixtureToken);
    expect(hooks.received[0]!.body).not.toContain(acpFixtureToken);

    const ownership = await owner.client.call(`/api/v1/watched-sites/${site.id}/ownership`, { key: owner.apiKey });
    expect(ownership.body.ownership).toMatchObject({ status: 'proven', weeklyCheckoutDrive: true });

    // The proof goes before the next rescan: that rescan checks it again, finds it lost, and drives nothing.
    await serveProof(null);
    const again = await owner.client.call(`/api/v1/watched-sites/${site.id}/checkout-drive`, { method: 'POST', key: owner.apiKey });
    expect(again.status).toBe(202);
    const second = await rescanned(owner, site, first.lastScanId);
    expect(second.ownership?.status).toBe('lost');
    expect(checkoutRequests().length).toBe(before + sent.length);
    expect(acpRequests().length).toBe(acpBefore + acpSent.length);
    const unproven = (await owner.client.call(`/api/v1/scan/${second.lastScanId}`, { key: owner.apiKey })).body as unknown as ScanResult;
    expect(google(unproven).steps.find((step) => step.step === 'buy')?.drive?.kind).toBe('probe');
    const refused = await owner.client.call(`/api/v1/watched-sites/${site.id}/checkout-drive`, { method: 'POST', key: owner.apiKey });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toContain('its ownership is lost');
    const hookId = (registered.body.webhook as { id: string }).id;
    expect((await owner.client.call(`/api/v1/webhooks/${hookId}`, { method: 'DELETE', key: owner.apiKey })).status).toBe(200);
    await hooks.close();
  });
});
