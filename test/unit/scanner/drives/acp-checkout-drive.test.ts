/**
 * The full checkout drive over ACP for a site its owner proved is theirs, with the merchant's bearer token the owner
 * gave: the comparison with the page, what the evidence keeps, and a real ACP checkout service on loopback
 * answering each way, alone and inside whole scans.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetcher, type Fetcher } from '#shared/outbound/index.js';
import { FetchSession } from '#shared/scanner/fetch-session.js';
import type { DrivenProduct } from '#shared/scanner/drives/drive-report.js';
import { driveAcpCheckout } from '#shared/scanner/drives/acp-checkout-drive.js';
import { compareAcpCheckout, readAcpCheckout } from '#shared/scanner/drives/acp-checkout-comparison.js';
import { acpFixtureToken, type AcpCheckoutVariant } from '#test/fixtures/acp-checkout-service.js';
import { startShop, type RunningShop, type ShopRoute } from '#test/fixtures/shop-server.js';
import { scanUrl } from '#shared/scanner/engine.js';
import type { Tier } from '#shared/model/tiers.js';

const boot: DrivenProduct = { pageUrl: 'https://shop.example/boot', id: 'FF-TGX-42', idField: 'sku', price: '189.00', currency: 'EUR' };
const profile = 'https://scanner.example/.well-known/ucp';

const session = (overrides: Record<string, unknown> = {}) => ({
  id: 'cs_1',
  status: 'not_ready_for_payment',
  currency: 'eur',
  line_items: [{ id: 'li_1', item: { id: 'FF-TGX-42' }, quantity: 1, unit_amount: 18900, totals: [] }],
  totals: [
    { type: 'subtotal', display_text: 'Subtotal', amount: 18900 },
    { type: 'total', display_text: 'Total', amount: 22680 },
  ],
  ...overrides,
});
const failing = (json: unknown) => compareAcpCheckout(readAcpCheckout(json)!, boot).filter((comparison) => !comparison.ok);

describe('an ACP checkout session against its page', () => {
  it("agrees when the item, quantity, currency (ACP writes it lower-case) and unit amount are the page's", () => {
    expect(failing(session())).toEqual([]);
    // The unit price read from the line's base amount where no unit_amount is given.
    const fromBase = session({
      line_items: [
        { id: 'li', item: { id: 'FF-TGX-42' }, quantity: 1, totals: [{ type: 'items_base_amount', display_text: 'Base', amount: 18900 }] },
      ],
    });
    expect(compareAcpCheckout(readAcpCheckout(fromBase)!, boot).map(({ what }) => what)).toContain('price');
    expect(failing(fromBase)).toEqual([]);
  });

  it('names each disagreement', () => {
    expect(failing(session({ currency: 'usd' }))).toContainEqual({ what: 'currency', ok: false, expected: 'EUR', found: '"usd"' });
    const pricier = session({ line_items: [{ id: 'li', item: { id: 'FF-TGX-42' }, quantity: 1, unit_amount: 19400 }] });
    expect(failing(pricier)).toContainEqual({ what: 'price', ok: false, expected: '189.00 EUR', found: '194.00 EUR' });
    const other = session({ line_items: [{ id: 'li', item: { id: 'FF-OTHER' }, quantity: 1, unit_amount: 18900 }] });
    expect(failing(other)[0]).toEqual({ what: 'line item', ok: false, expected: '1 × FF-TGX-42', found: '1 × "FF-OTHER"' });
    expect(failing(session({ totals: [{ type: 'total', amount: '226.80' }] }))).toEqual([
      { what: 'totals', ok: false, expected: "ACP's totals (type, display_text, an integer amount)", found: 'none readable' },
    ]);
  });

  it("agrees where the unit amount is before tax and the line's total for one unit is the page's price", () => {
    const net = session({
      line_items: [
        {
          id: 'li',
          item: { id: 'FF-TGX-42' },
          quantity: 1,
          unit_amount: 15750,
          totals: [
            { type: 'items_base_amount', display_text: 'Base', amount: 15750 },
            { type: 'tax', display_text: 'VAT', amount: 3150 },
            { type: 'total', display_text: 'Total', amount: 18900 },
          ],
        },
      ],
    });
    expect(failing(net)).toEqual([]);
    const lineWithout = session({ line_items: [{ id: 'li', item: { id: 'FF-TGX-42' }, quantity: 1, unit_amount: 15750, totals: [] }] });
    expect(failing(lineWithout).map(({ what }) => what)).toEqual(['price']);
  });

  it('asks no arithmetic of the totals, which ACP does not state, and compares no price it cannot', () => {
    expect(failing(session({ totals: [{ type: 'total', display_text: 'Total', amount: 1 }] }))).toEqual([]);
    // Amounts in the settlement currency while the buyer sees another: the currency shown is compared, the price not.
    const presented = compareAcpCheckout(readAcpCheckout(session({ currency: 'usd', presentment_currency: 'eur' }))!, boot);
    expect(presented.map(({ what, ok }) => `${what} ${ok}`)).toEqual(['line item true', 'currency true', 'totals true']);
    const unpriced = session({ line_items: [{ id: 'li', item: { id: 'FF-TGX-42' }, quantity: 1, totals: [] }] });
    expect(compareAcpCheckout(readAcpCheckout(unpriced)!, boot).some(({ what }) => what === 'price')).toBe(false);
  });
});

let shop: RunningShop;
let fetcher: Fetcher;
let strictFetcher: Fetcher;
const variants: AcpCheckoutVariant[] = [
  'correct',
  'wrong-price',
  'wrong-currency',
  'no-cancel',
  'forgets-sessions',
  'rejects-token',
  'echoes-secrets',
  'server-error',
  'html-page',
  'hangs',
];

beforeAll(async () => {
  fetcher = createFetcher({ allowPrivateHosts: ['127.0.0.1'] });
  strictFetcher = createFetcher({ allowPrivateHosts: [] });
  shop = await startShop('agent-ready', {
    routes: Object.fromEntries(variants.map((variant) => [`/acp-${variant}`, { acpCheckout: variant }])),
  });
});
afterAll(() => Promise.all([shop.close(), fetcher.close(), strictFetcher.close()]));

async function drive(
  variant: AcpCheckoutVariant,
  options: { budgetMs?: number; using?: Fetcher; product?: DrivenProduct; token?: string } = {},
) {
  const fetchSession = new FetchSession(options.using ?? fetcher, Date.now() + 30_000);
  const before = shop.received.length;
  const report = await driveAcpCheckout(fetchSession, `${shop.origin}/acp-${variant}`, options.product ?? boot, {
    bearerToken: options.token ?? acpFixtureToken,
    budgetMs: options.budgetMs ?? 10_000,
    round: 4,
    now: Date.now,
  }).finally(() => fetchSession.abort());
  return { report, sent: shop.received.slice(before) };
}

describe('an ACP checkout service on loopback, driven through the guarded fetcher', () => {
  it("proves a session created, read back as the page says and cancelled, with ACP's headers on every request", async () => {
    const { report, sent } = await drive('correct');
    expect(report).toMatchObject({
      protocol: 'acp',
      outcome: 'proven',
      detail: 'created a checkout session for 1 × FF-TGX-42, read it back (189.00 EUR as the page says, total 226.80 EUR) and cancelled it',
    });
    expect(sent.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'POST /acp-correct/checkout_sessions',
      'GET /acp-correct/checkout_sessions/cs_1',
      'POST /acp-correct/checkout_sessions/cs_1/cancel',
    ]);
    for (const request of sent) {
      expect(request.protocolHeaders).toMatchObject({
        authorization: `Bearer ${acpFixtureToken}`,
        'api-version': '2026-04-17',
        'request-id': expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
      expect(request.protocolHeaders['ucp-agent']).toBeUndefined();
    }
    expect(sent.filter(({ method }) => method === 'POST').every((request) => request.protocolHeaders['idempotency-key'])).toBe(true);
    expect(JSON.stringify(report)).not.toContain(acpFixtureToken);
  });

  it.each([
    ['wrong-price', 'mismatch', 'read it back: price 194.00 EUR where 189.00 EUR; cancelled it'],
    ['wrong-currency', 'mismatch', 'read it back: currency "usd" where EUR; cancelled it'],
    [
      'no-cancel',
      'not_cancelled',
      'but cancel answered HTTP 405 application/json: {"type":"invalid_request","code":"not_cancelable","message":"This session cannot be canceled."}, so it is left to expire',
    ],
    ['forgets-sessions', 'failed', 'but reading it back answered HTTP 404 application/json'],
    ['server-error', 'failed', 'it answered HTTP 500 application/json'],
    ['html-page', 'failed', 'it answered HTTP 200 text/html'],
    ['rejects-token', 'credential_refused', 'it refused the bearer token the owner gave (HTTP 401 invalid_request, unauthorized)'],
  ] as const)('%s: %s', async (variant, outcome, detail) => {
    const { report, sent } = await drive(variant);
    expect(report.outcome).toBe(outcome);
    expect(report.detail).toContain(detail);
    if (report.steps.length > 1) expect(sent.at(-1)?.path).toMatch(/\/cancel$/);
  });

  it('says which product the service refused with its Error, and judges nothing from it', async () => {
    const { report, sent } = await drive('correct', { product: { ...boot, id: 'NOT-SOLD' } });
    expect(report).toMatchObject({
      outcome: 'product_refused',
      detail: "asked for a checkout of 1 × NOT-SOLD (the page's sku), it answered HTTP 400 invalid_request, invalid_item_id",
    });
    expect(sent).toHaveLength(1);
  });

  it('keeps neither the token the service echoes nor the buyer it names in its evidence', async () => {
    const { report } = await drive('echoes-secrets');
    expect(report.outcome).toBe('proven');
    const kept = JSON.stringify(report);
    for (const secret of [acpFixtureToken, 'jane', 'Jane', 'Doe', 'token=abc']) expect(kept).not.toContain(secret);
  });

  it('costs a hanging service its time-out and sends nothing more; asks nothing without time; refuses a private address', async () => {
    const started = Date.now();
    const hung = await drive('hangs', { budgetMs: 2_500 });
    expect(hung.report).toMatchObject({ outcome: 'failed', detail: 'asked for a checkout of 1 × FF-TGX-42, it answered nothing in time' });
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(hung.sent).toHaveLength(1);
    const late = await drive('correct', { budgetMs: 1_000 });
    expect(late.report.outcome).toBe('not_asked');
    expect(late.sent).toEqual([]);
    const blocked = await drive('correct', { using: strictFetcher });
    expect(blocked.report).toMatchObject({ outcome: 'refused', detail: 'the endpoint leads to an address that is not allowed' });
    expect(blocked.sent).toEqual([]);
  });
});

describe('a scan that drives the ACP checkout with the owner’s token', () => {
  async function scanAgentReady(tier: Tier, routes: Record<string, ShopRoute>, token: string | null) {
    const agentReady = await startShop('agent-ready', { routes });
    try {
      const { result } = await scanUrl(`${agentReady.origin}/`, {
        tier,
        productPageBudget: 1,
        fetcher,
        policy: { allowPrivateHosts: ['127.0.0.1'] },
        deadline: Date.now() + 20_000,
        checkoutDrive: { agentProfile: profile, ...(token ? { acpBearerToken: token } : {}) },
      });
      const check = result.checks.find(({ id }) => id === 'acp_ready')!;
      const buy = result.assistants.find(({ id }) => id === 'chatgpt')!.steps.find(({ step }) => step === 'buy')!;
      const acpRequests = agentReady.received.filter(({ path }) => path.startsWith('/acp/'));
      return { result, check, buy, acpRequests };
    } finally {
      await agentReady.close();
    }
  }

  it("proves ChatGPT's buy step and keeps the check's pass, saying how it knows", async () => {
    const { check, buy, result } = await scanAgentReady('growth', {}, acpFixtureToken);
    expect(check.status).toBe('pass');
    expect(check.summary).toMatch(/; proven by a checkout drive \(never completed\): created a checkout session for 1 × \S+, read it back/);
    expect(buy).toMatchObject({ basis: 'exercised', drive: { kind: 'checkout', outcome: 'as_specified' } });
    expect(JSON.stringify(result)).not.toContain(acpFixtureToken);
  });

  it('fails the check and the buy step where the session disagrees with the page, with a fix', async () => {
    const { check, buy, result } = await scanAgentReady('pro', { '/acp': { acpCheckout: 'wrong-price' } }, acpFixtureToken);
    expect(check.status).toBe('fail');
    expect(check.summary).toMatch(
      /^The ACP checkout at \S+ does not sell the scanned product as its page does: .*price \d+\.\d\d EUR where/,
    );
    expect(buy).toMatchObject({ basis: 'exercised', drive: { kind: 'checkout', outcome: 'failed' } });
    expect(result.recommendations.find(({ checkId }) => checkId === 'acp_ready')?.title).toBe(
      'Make your ACP checkout sell your products as your pages do',
    );
  });

  it('judges nothing from a refused token: the probe stands, and the evidence says the token was refused', async () => {
    const { check, buy } = await scanAgentReady('pro', {}, 'an-old-token');
    expect(check.status).toBe('pass');
    expect(check.evidence.map(({ value }) => value)).toContainEqual(expect.stringContaining('it refused the bearer token the owner gave'));
    expect(buy.drive).toMatchObject({ kind: 'probe' });
  });

  it('creates no session without a token, nor on a free scan, nor where the shop does not speak the drive’s version', async () => {
    const posts = (requests: Array<{ method: string }>) => requests.filter(({ method }) => method === 'POST');
    expect(posts((await scanAgentReady('growth', {}, null)).acpRequests)).toEqual([]);
    expect((await scanAgentReady('free', {}, acpFixtureToken)).acpRequests).toEqual([]);
    const older = {
      '/.well-known/acp.json': {
        contentType: 'application/json',
        body: '{"protocol":{"name":"acp","version":"2026-01-30","supported_versions":["2026-01-30"]},"api_base_url":"{{origin}}/acp","transports":["rest"],"capabilities":{"services":["checkout"]}}',
      },
    };
    const { check, acpRequests } = await scanAgentReady('growth', older, acpFixtureToken);
    expect(posts(acpRequests)).toEqual([]);
    expect(check.evidence.map(({ value }) => value)).toContainEqual(expect.stringContaining('not 2026-04-17, which the drive speaks'));
  });
});
