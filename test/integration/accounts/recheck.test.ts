/**
 * POST /api/v1/scan/{id}/recheck against the local stack: a fix to llms.txt re-checked on a loopback
 * shop, fetching only that file; the defaults, the refusals, and the daily scan allowance under a race.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecheckResult } from '#shared/http/schemas/recheck-schemas.js';
import { ScanResult } from '#shared/http/schemas/scan-schemas.js';
import type { ScanResult as StoredScan } from '#shared/model/scans/scan-result.js';
import { SHOPS_DIR, startShop, type RunningShop } from '#test/fixtures/shop-server.js';
import { apiClient, setAccount, signUp, type SignedIn } from '../support/accounts.js';

const incompleteLlmsTxt = '# Linen & Oak\n\nA shop.\n';
const validLlmsTxt = readFileSync(path.join(SHOPS_DIR, 'agent-ready', 'llms.txt'), 'utf8');

let root: string;
let shop: RunningShop;
let owner: SignedIn;
let scan: StoredScan;

const recheck = (user: SignedIn, id: string, body?: unknown) =>
  user.client.call(`/api/v1/scan/${id}/recheck`, { method: 'POST', key: user.apiKey, ...(body === undefined ? {} : { body }) });

const dailyScans = async (user: SignedIn) =>
  ((await user.client.call('/api/v1/account', { key: user.apiKey })).body.usage as { dailyScans: number }).dailyScans;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'recheck-shop-'));
  cpSync(path.join(SHOPS_DIR, 'typical-gaps'), root, { recursive: true });
  writeFileSync(path.join(root, 'llms.txt'), incompleteLlmsTxt);
  shop = await startShop('typical-gaps', { root });
  owner = await signUp({ tier: 'pro' });
  const answer = await owner.client.call('/api/v1/scan', { method: 'POST', key: owner.apiKey, body: { url: `${shop.origin}/` } });
  expect(answer.status, answer.text.slice(0, 200)).toBe(200);
  scan = ScanResult.parse(answer.body);
});

let shopOpen = true;

afterAll(async () => {
  if (shopOpen) await shop.close();
  rmSync(root, { recursive: true, force: true });
});

describe('re-checking a fix', () => {
  it('judges llms.txt again after the fix, fetching only the files that check reads, and counts one scan', async () => {
    expect(scan.checks.find((check) => check.id === 'llms_txt')?.status).toBe('warn');
    writeFileSync(path.join(root, 'llms.txt'), validLlmsTxt);
    const usedBefore = await dailyScans(owner);
    shop.requests.length = 0;

    const answer = await recheck(owner, scan.id, { checks: ['llms_txt'] });
    expect(answer.status, answer.text.slice(0, 200)).toBe(200);
    const result = RecheckResult.parse(answer.body);
    expect(result).toMatchObject({ scanId: scan.id, url: scan.url, pages: [] });
    expect(result.checks).toEqual([
      expect.objectContaining({
        checkId: 'llms_txt',
        dimension: 'discovery',
        before: expect.objectContaining({ status: 'warn', score: 0.5 }),
        after: expect.objectContaining({ status: 'pass', score: 1 }),
        fixed: true,
      }),
    ]);
    expect([...shop.requests].sort()).toEqual(['/agents.md', '/llms.txt']);
    expect(await dailyScans(owner)).toBe(usedBefore + 1);
    // The stored result is left as the scan made it.
    const stored = await owner.client.call(`/api/v1/scan/${scan.id}`, { key: owner.apiKey });
    expect(stored.body).toEqual(JSON.parse(JSON.stringify(scan)));
  });

  it("re-checks the scan's warnings and failures without a body, on its own pages", async () => {
    shop.requests.length = 0;
    const answer = await recheck(owner, scan.id);
    expect(answer.status, answer.text.slice(0, 200)).toBe(200);
    const result = RecheckResult.parse(answer.body);
    const toFix = scan.checks.filter((check) => check.status === 'warn' || check.status === 'fail').map((check) => check.id);
    expect(result.checks.map((check) => check.checkId)).toEqual(toFix);
    expect(result.checks.find((check) => check.checkId === 'llms_txt')?.fixed).toBe(true);
    expect(result.pages).toEqual(scan.pages.map((page) => page.url));
    // No product discovery: the scan's pages, not the sitemap's other products.
    const scannedPaths = new Set(scan.pages.map((page) => new URL(page.url).pathname));
    const productPaths = shop.requests.filter((request) => request.startsWith('/products/'));
    expect(productPaths.every((request) => scannedPaths.has(request.split('?')[0]!))).toBe(true);
  });

  it('refuses unknown, empty, repeated and extra input with 400, and anyone else’s or a public scan with 404', async () => {
    const refusals = await Promise.all(
      [
        { checks: ['no_such_check'] },
        { checks: [] },
        { checks: ['llms_txt', 'llms_txt'] },
        { checks: 'llms_txt' },
        { checks: ['llms_txt'], all: true },
      ].map((body) => recheck(owner, scan.id, body)),
    );
    expect(refusals.map((answer) => [answer.status, answer.body.error])).toEqual([
      [400, 'checks.0: unknown check no_such_check'],
      [400, expect.stringMatching(/^checks: /)],
      [400, 'checks: each check at most once'],
      [400, expect.stringMatching(/^checks: /)],
      [400, 'all: not a field of this request'],
    ]);

    const stranger = await signUp();
    const publicScan = await apiClient().call('/api/scan', { method: 'POST', body: { url: `${shop.origin}/` } });
    expect(publicScan.status).toBe(200);
    for (const id of [scan.id, publicScan.body.id as string]) {
      const answer = await recheck(stranger, id, { checks: ['llms_txt'] });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ error: 'Scan not found' });
    }
    expect(await dailyScans(stranger)).toBe(0);
  });

  it('lets exactly the scans left of the daily allowance through when re-checks race, the rest 429', async () => {
    // Free allows 10 scans a day; two are left.
    await setAccount(owner.accountId, { tier: 'free', scansDay: new Date().toISOString().slice(0, 10), dailyScans: 8 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => recheck(owner, scan.id, { checks: ['llms_txt'] })));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 200, 429, 429, 429]);
    expect(answers.find((answer) => answer.status === 429)?.body.error).toMatch(/^Daily scan limit reached: 10 scans per day/);
    expect(await dailyScans(owner)).toBe(10);
  });

  it('does not count a re-check the site failed (502)', async () => {
    await setAccount(owner.accountId, { tier: 'pro' });
    const usedBefore = await dailyScans(owner);
    shopOpen = false;
    await shop.close();
    const answer = await recheck(owner, scan.id, { checks: ['ssr_text'] });
    expect(answer.status).toBe(502);
    expect(answer.body.error).toMatch(/^Scan failed: the URL may be unreachable/);
    expect(await dailyScans(owner)).toBe(usedBefore);
  });
});

describe('re-checking after a downgrade', () => {
  let catalogue: RunningShop;
  afterAll(() => catalogue?.close());

  it("runs at the account's tier now: a growth scan re-checked on pro reads pro's one product page", async () => {
    catalogue = await startShop('agent-ready');
    const user = await signUp({ tier: 'growth' });
    const scanned = await user.client.call('/api/v1/scan', { method: 'POST', key: user.apiKey, body: { url: `${catalogue.origin}/` } });
    expect(scanned.status, scanned.text.slice(0, 200)).toBe(200);
    const growthScan = ScanResult.parse(scanned.body);
    expect(growthScan.products.length).toBe(4);

    await setAccount(user.accountId, { tier: 'pro' });
    catalogue.requests.length = 0;
    const answer = await recheck(user, growthScan.id, { checks: ['offer_core'] });
    expect(answer.status, answer.text.slice(0, 200)).toBe(200);
    const result = RecheckResult.parse(answer.body);
    expect(result.pages).toEqual([growthScan.products[0]!.url]);
    expect(catalogue.requests.filter((request) => request.startsWith('/products/'))).toHaveLength(1);

    await setAccount(user.accountId, { tier: 'free' });
    const free = RecheckResult.parse((await recheck(user, growthScan.id, { checks: ['offer_core'] })).body);
    expect(free.pages).toEqual([]);
    expect(free.checks[0]!.after).toMatchObject({ status: 'not_assessed', summary: expect.stringMatching(/homepage only/) });
  });
});
