/**
 * The full checkout drive over UCP for a site its owner proved is theirs: the comparison with the page, the
 * redaction of what the service answers, and a real UCP checkout service on loopback answering each way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetcher, type Fetcher } from '#shared/outbound/index.js';
import { FetchSession } from '#shared/scanner/fetch-session.js';
import type { CheckoutDriveReport, DrivenProduct } from '#shared/scanner/drives/drive-report.js';
import { outcome } from '#shared/scanner/checks/types.js';
import { adviseCheckoutDrive, withCheckoutDrive } from '#shared/scanner/checks/agentic-commerce/checkout-drive-verdict.js';
import { driveUcpCheckout } from '#shared/scanner/drives/ucp-checkout-drive.js';
import { lookUpCatalog } from '#shared/scanner/drives/ucp-catalog-lookup.js';
import { compareUcpCheckout, readUcpCheckout } from '#shared/scanner/drives/ucp-checkout-comparison.js';
import { formatMinorUnits, toMinorUnits } from '#shared/scanner/drives/minor-units.js';
import { redactedAnswer } from '#shared/scanner/drives/redact-answer.js';
import type { UcpCheckoutVariant } from '#test/fixtures/ucp-checkout-service.js';
import { startShop, type RunningShop, type ShopRoute } from '#test/fixtures/shop-server.js';
import { scanUrl } from '#shared/scanner/engine.js';
import type { Tier } from '#shared/model/tiers.js';

const boot: DrivenProduct = { pageUrl: 'https://shop.example/boot', id: 'FF-TGX-42', idField: 'sku', price: '189.00', currency: 'EUR' };
const profile = 'https://scanner.example/.well-known/ucp';

const checkout = (overrides: Record<string, unknown> = {}) => ({
  id: 'chk_1',
  status: 'incomplete',
  currency: 'EUR',
  line_items: [{ id: 'li_1', item: { id: 'FF-TGX-42', title: 'Boot', price: 18900 }, quantity: 1, totals: [] }],
  totals: [
    { type: 'subtotal', amount: 18900 },
    { type: 'tax', amount: 3780 },
    { type: 'total', amount: 22680 },
  ],
  ...overrides,
});
const compare = (json: unknown, product = boot) => compareUcpCheckout(readUcpCheckout(json)!, product);
const failing = (json: unknown, product = boot) => compare(json, product).filter((comparison) => !comparison.ok);

describe('money in minor units', () => {
  it('follows the currency: cents for EUR, none for JPY, thousandths for KWD', () => {
    expect(toMinorUnits('189.00', 'EUR')).toBe(18900);
    expect(toMinorUnits('34.5', 'EUR')).toBe(3450);
    expect(toMinorUnits('1200', 'JPY')).toBe(1200);
    expect(toMinorUnits('1200.50', 'JPY')).toBeNull();
    expect(toMinorUnits('2.125', 'KWD')).toBe(2125);
    expect(toMinorUnits('abc', 'EUR')).toBeNull();
    expect(formatMinorUnits(22680, 'EUR')).toBe('226.80 EUR');
    expect(formatMinorUnits(5, 'usd')).toBe('0.05 USD');
    expect(formatMinorUnits(-250, 'EUR')).toBe('-2.50 EUR');
    expect(formatMinorUnits(1200, 'JPY')).toBe('1200 JPY');
  });
});

describe('a checkout against its page', () => {
  it('agrees when the line item, currency, price and totals are what the page and UCP arithmetic say', () => {
    expect(failing(checkout())).toEqual([]);
    expect(
      failing(
        checkout({ totals: [...checkout().totals.slice(0, 2), { type: 'discount', amount: -1000 }, { type: 'total', amount: 21680 }] }),
      ),
    ).toEqual([]);
  });

  it('names each disagreement with what was expected and what was found', () => {
    expect(failing(checkout({ currency: 'USD' }))).toContainEqual({ what: 'currency', ok: false, expected: 'EUR', found: '"USD"' });
    const pricier = checkout({ line_items: [{ id: 'li', item: { id: 'FF-TGX-42', price: 19400 }, quantity: 1 }] });
    expect(failing(pricier)).toContainEqual({ what: 'price', ok: false, expected: '189.00 EUR', found: '194.00 EUR' });
    expect(failing(checkout({ line_items: [] }))[0]).toMatchObject({ what: 'line item', found: '0 line items' });
    const twice = checkout({ line_items: [{ id: 'li', item: { id: 'FF-TGX-42', price: 18900 }, quantity: 2 }] });
    expect(failing(twice)[0]).toEqual({ what: 'line item', ok: false, expected: '1 × FF-TGX-42', found: '2 × "FF-TGX-42"' });
  });

  it("agrees with a page showing the price with tax where the checkout adds it: the line's total for one unit is the page's", () => {
    // EU pages show prices with VAT; UCP does not say whether item.price includes it.
    const net = checkout({
      line_items: [
        {
          id: 'li',
          item: { id: 'FF-TGX-42', price: 15750 },
          quantity: 1,
          totals: [
            { type: 'subtotal', amount: 15750 },
            { type: 'tax', amount: 3150 },
            { type: 'total', amount: 18900 },
          ],
        },
      ],
      totals: [
        { type: 'subtotal', amount: 15750 },
        { type: 'tax', amount: 3150 },
        { type: 'total', amount: 18900 },
      ],
    });
    expect(failing(net)).toEqual([]);
    expect(compare(net).find(({ what }) => what === 'price')?.found).toBe('157.50 EUR a unit, 189.00 EUR for the line');
    // A line total that is not the page's price either is still a difference.
    const off = { ...net, line_items: [{ ...net.line_items[0]!, totals: [{ type: 'total', amount: 19000 }] }] };
    expect(failing(off).map(({ what }) => what)).toContain('price');
  });

  it('checks the totals as UCP defines them: one subtotal of the lines, one total of every other entry', () => {
    const off = checkout({
      totals: [
        { type: 'subtotal', amount: 18900 },
        { type: 'tax', amount: 3780 },
        { type: 'total', amount: 23680 },
      ],
    });
    expect(failing(off)).toEqual([
      { what: 'totals', ok: false, expected: 'total 226.80 EUR (the sum of the other entries)', found: 'total 236.80 EUR' },
    ]);
    const noTotal = checkout({ totals: [{ type: 'subtotal', amount: 18900 }] });
    expect(failing(noTotal)[0]).toMatchObject({ expected: 'one subtotal and one total', found: '1 subtotal, 0 total' });
    const wrongSubtotal = checkout({
      totals: [
        { type: 'subtotal', amount: 100 },
        { type: 'total', amount: 100 },
      ],
    });
    expect(failing(wrongSubtotal)[0]).toMatchObject({ expected: 'subtotal 189.00 EUR (the line items)' });
    expect(failing(checkout({ totals: [{ type: 'total', amount: '226.80' }] }))[0]).toMatchObject({ found: 'none readable' });
  });

  it('shows what a hostile checkout says as short plain text', () => {
    const hostile = checkout({ currency: 'E\u202eUR\n<script>', line_items: [{ item: { id: 'x'.repeat(500), price: 1 }, quantity: 1 }] });
    const found = compare(hostile).map((comparison) => comparison.found);
    for (const text of found) {
      expect(text.length).toBeLessThanOrEqual(84);
      // eslint-disable-next-line no-control-regex
      expect(text).not.toMatch(/[\u0000-\u001f\u202e]/);
    }
  });
});

describe('what the evidence keeps of an answer', () => {
  it('redacts the buyer, addresses, payment data, tokens and URL queries', () => {
    const answer = JSON.stringify({
      id: 'chk_1',
      buyer: { email: 'jane@example.com', first_name: 'Jane' },
      payment: { instruments: [{ credential: { token: 'tok_live_123' } }] },
      continue_url: 'https://shop.example/checkout/chk_1?key=secret',
      messages: [{ type: 'info', content: 'Mail jane@example.com' }],
    });
    const kept = redactedAnswer(answer);
    expect(kept).toContain('"buyer":"[redacted]"');
    for (const secret of ['jane', 'Jane', 'tok_live', 'secret']) expect(kept).not.toContain(secret);
    expect(redactedAnswer('Order for bob@example.org failed')).toBe('Order for [redacted] failed');
  });
});

let shop: RunningShop;
let fetcher: Fetcher;
let strictFetcher: Fetcher;
const variants: UcpCheckoutVariant[] = [
  'correct',
  'wrong-totals',
  'wrong-price',
  'no-cancel',
  'forgets-sessions',
  'echoes-personal-data',
  'server-error',
  'html-page',
  'hangs',
];

beforeAll(async () => {
  fetcher = createFetcher({ allowPrivateHosts: ['127.0.0.1'] });
  strictFetcher = createFetcher({ allowPrivateHosts: [] });
  shop = await startShop('agent-ready', {
    routes: Object.fromEntries(variants.map((variant) => [`/checkout/${variant}`, { ucpCheckout: variant }])),
  });
});
afterAll(() => Promise.all([shop.close(), fetcher.close(), strictFetcher.close()]));

async function drive(variant: UcpCheckoutVariant, options: { budgetMs?: number; using?: Fetcher; product?: DrivenProduct } = {}) {
  const session = new FetchSession(options.using ?? fetcher, Date.now() + 30_000);
  const before = shop.received.length;
  const report = await driveUcpCheckout(session, `${shop.origin}/checkout/${variant}`, options.product ?? boot, {
    agentProfile: profile,
    budgetMs: options.budgetMs ?? 10_000,
    round: 4,
    now: Date.now,
  }).finally(() => session.abort());
  return { report, sent: shop.received.slice(before) };
}

describe('a UCP checkout service on loopback, driven through the guarded fetcher', () => {
  it('proves a checkout that is created, read back as the page says and cancelled, with UCP headers on every request', async () => {
    const { report, sent } = await drive('correct');
    expect(report).toMatchObject({
      outcome: 'proven',
      detail: 'created a checkout for 1 × FF-TGX-42, read it back (189.00 EUR, total 226.80 EUR, as the page says) and cancelled it',
    });
    expect(report.steps.map(({ step, method, status }) => `${step} ${method} ${status}`)).toEqual([
      'create POST 201',
      'read GET 200',
      'cancel POST 200',
    ]);
    const id = /\/checkout-sessions\/([^/]+)$/.exec(report.steps[1]!.url)![1];
    expect(sent.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'POST /checkout/correct/checkout-sessions',
      `GET /checkout/correct/checkout-sessions/${id}`,
      `POST /checkout/correct/checkout-sessions/${id}/cancel`,
    ]);
    for (const request of sent) {
      expect(request.protocolHeaders['ucp-agent']).toBe(`profile="${profile}"`);
      expect(request.protocolHeaders['request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(request.protocolHeaders.authorization).toBeUndefined();
    }
    expect(sent.filter(({ method }) => method === 'POST').every((request) => request.protocolHeaders['idempotency-key'])).toBe(true);
    expect(sent.some(({ path }) => path.endsWith('/complete'))).toBe(false);
  });

  it.each([
    ['wrong-totals', 'mismatch', 'read it back: total 236.80 EUR where total 226.80 EUR (the sum of the other entries); cancelled it'],
    ['wrong-price', 'mismatch', 'read it back: price 194.00 EUR where 189.00 EUR; cancelled it'],
    [
      'no-cancel',
      'not_cancelled',
      'but cancel answered HTTP 405 application/json: {"code":"not_allowed","content":"Checkout sessions expire on their own."}, so it is left to expire',
    ],
    ['forgets-sessions', 'failed', 'but reading it back answered HTTP 404 application/json'],
    [
      'server-error',
      'failed',
      'asked for a checkout of 1 × FF-TGX-42, it answered HTTP 500 application/json: {"code":"internal_error","content":"Something went wrong"}',
    ],
    ['html-page', 'failed', 'it answered HTTP 200 text/html: <!doctype html><html><body><h1>Checkout</h1></body></html>'],
  ] as const)('%s: %s', async (variant, outcome, detail) => {
    const { report } = await drive(variant);
    expect(report.outcome).toBe(outcome);
    expect(report.detail).toContain(detail);
  });

  it('cancels what it created even when the checkout disagrees with the page', async () => {
    const { sent } = await drive('wrong-totals');
    expect(sent.at(-1)?.path).toMatch(/\/cancel$/);
  });

  it('keeps no personal data or token the service echoes in its evidence', async () => {
    const { report } = await drive('echoes-personal-data');
    expect(report.outcome).toBe('proven');
    const kept = JSON.stringify(report);
    for (const secret of ['jane', 'Jane', 'Doe', '+447700900123', 'secret-continue-token']) expect(kept).not.toContain(secret);
  });

  it('says which product the service refused, by the identifier the page gave', async () => {
    const { report, sent } = await drive('correct', { product: { ...boot, id: 'NOT-SOLD' } });
    expect(report).toMatchObject({
      outcome: 'product_refused',
      detail: "asked for a checkout of 1 × NOT-SOLD (the page's sku), it answered not_found",
    });
    expect(sent).toHaveLength(1);
  });

  it('costs a hanging service its time-out, leaving the cancel its reserve, and sends nothing more', async () => {
    const started = Date.now();
    const { report, sent } = await drive('hangs', { budgetMs: 2_500 });
    expect(report).toMatchObject({ outcome: 'failed', detail: 'asked for a checkout of 1 × FF-TGX-42, it answered nothing in time' });
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(sent).toHaveLength(1);
  });

  it('asks nothing without the time for a request and its cancel', async () => {
    const { report, sent } = await drive('correct', { budgetMs: 1_000 });
    expect(report).toMatchObject({ outcome: 'not_asked', steps: [{ step: 'create', status: null, answer: 'not sent: no time left' }] });
    expect(sent).toEqual([]);
  });

  it('refuses a service on a private address with the scan policy, sending nothing', async () => {
    const { report, sent } = await drive('correct', { using: strictFetcher });
    expect(report).toMatchObject({ outcome: 'refused', detail: 'the endpoint leads to an address that is not allowed' });
    expect(sent).toEqual([]);
  });
});

describe("a product looked up in the shop's UCP catalog", () => {
  async function lookUp(variant: UcpCheckoutVariant, options: { using?: Fetcher; product?: DrivenProduct; timeoutMs?: number } = {}) {
    const session = new FetchSession(options.using ?? fetcher, Date.now() + 30_000);
    const before = shop.received.length;
    const report = await lookUpCatalog(session, `${shop.origin}/checkout/${variant}`, options.product ?? boot, {
      agentProfile: profile,
      timeoutMs: options.timeoutMs ?? 5_000,
      round: 4,
      now: Date.now,
    }).finally(() => session.abort());
    return { report, sent: shop.received.slice(before) };
  }

  it.each([
    ['correct', undefined, 'as_page', 'it quotes 189.00 EUR, as the page says'],
    ['wrong-price', undefined, 'price_differs', 'it quotes 194.00 EUR where the page says 189.00 EUR'],
    ['correct', { ...boot, id: 'NOT-SOLD' }, 'not_found', "it does not know the page's sku NOT-SOLD"],
    [
      'server-error',
      undefined,
      'failed',
      'it answered HTTP 500 application/json: {"code":"internal_error","content":"Something went wrong"}',
    ],
    ['html-page', undefined, 'failed', 'it answered HTTP 200 text/html'],
  ] as const)('%s (%s): %s', async (variant, product, outcome, detail) => {
    const { report } = await lookUp(variant, product ? { product } : {});
    expect(report.outcome).toBe(outcome);
    expect(report.detail).toContain(detail);
  });

  it('reads: one POST of the ids with the UCP-Agent profile and a Request-Id, no Idempotency-Key', async () => {
    const { sent } = await lookUp('correct');
    expect(sent.map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /checkout/correct/catalog/lookup']);
    expect(sent[0]!.protocolHeaders).toMatchObject({
      'ucp-agent': `profile="${profile}"`,
      'request-id': expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(sent[0]!.protocolHeaders['idempotency-key']).toBeUndefined();
  });

  it('costs a hanging catalog its time-out, and refuses a private address sending nothing', async () => {
    const started = Date.now();
    expect((await lookUp('hangs', { timeoutMs: 600 })).report).toMatchObject({ outcome: 'failed', detail: 'no answer in time' });
    expect(Date.now() - started).toBeLessThan(5_000);
    const { report, sent } = await lookUp('correct', { using: strictFetcher });
    expect(report).toMatchObject({ outcome: 'refused', detail: 'the endpoint leads to an address that is not allowed' });
    expect(sent).toEqual([]);
  });
});

describe('a scan that looks its product up, and one that drives a checkout', () => {
  async function scanAgentReady(tier: Tier, routes: Record<string, ShopRoute>, grant = false) {
    const agentReady = await startShop('agent-ready', { routes });
    try {
      const { result } = await scanUrl(`${agentReady.origin}/`, {
        tier,
        productPageBudget: 1,
        fetcher,
        policy: { allowPrivateHosts: ['127.0.0.1'] },
        deadline: Date.now() + 20_000,
        ucpAgentProfile: profile,
        ...(grant ? { checkoutDrive: { agentProfile: profile } } : {}),
      });
      const ucpRequests = agentReady.received.filter(({ method, path }) => method === 'POST' && path.startsWith('/ucp/v1/'));
      return { result, check: result.checks.find((check) => check.id === 'ucp_profile')!, ucpRequests };
    } finally {
      await agentReady.close();
    }
  }

  it('warns where the catalog quotes another price than the page, with a fix', async () => {
    const { result, check, ucpRequests } = await scanAgentReady('pro', { '/ucp/v1': { ucpCheckout: 'wrong-price' } });
    expect(check.status).toBe('warn');
    expect(check.summary).toMatch(/, but a lookup in its UCP catalog: it quotes \d+\.\d\d EUR where the page says \d+\.\d\d EUR\.$/);
    expect(result.recommendations.find((recommendation) => recommendation.checkId === 'ucp_profile')?.title).toBe(
      'Make your UCP catalog quote the prices your pages show',
    );
    expect(ucpRequests.map(({ path }) => path)).toEqual(['/ucp/v1/catalog/lookup']);
  });

  it('never creates a checkout without the grant, and asks nothing on a free scan', async () => {
    expect((await scanAgentReady('growth', {})).ucpRequests.map(({ path }) => path)).toEqual(['/ucp/v1/catalog/lookup']);
    expect((await scanAgentReady('free', {}, true)).ucpRequests).toEqual([]);
  });

  it('fails the check and the buy step where a granted drive finds the checkout price differs from the page', async () => {
    const { result, check } = await scanAgentReady('pro', { '/ucp/v1': { ucpCheckout: 'wrong-price' } }, true);
    expect(check.status).toBe('fail');
    expect(check.summary).toMatch(
      /does not sell the scanned product as its page does: the checkout drive \(never completed\): created a checkout for 1 × \S+ and read it back: price \d+\.\d\d EUR where \d+\.\d\d EUR; cancelled it\.$/,
    );
    const buy = result.assistants.find((assistant) => assistant.id === 'google')!.steps.find((step) => step.step === 'buy')!;
    expect(buy).toMatchObject({ basis: 'exercised', drive: { kind: 'checkout', outcome: 'failed' } });
    expect(buy.status).not.toBe('pass');
  });
});

describe("a checkout that does not know the page's identifier", () => {
  it('changes no verdict: UCP item ids are the business’s own, which a page need not show', () => {
    const declared = outcome.pass('The UCP profile declares a checkout capability.', []);
    const refused: CheckoutDriveReport = {
      protocol: 'ucp',
      endpoint: 'https://shop.example/ucp',
      product: boot,
      outcome: 'product_refused',
      detail: "asked for a checkout of 1 × FF-TGX-42 (the page's sku), it answered not_found",
      comparisons: [],
      steps: [],
      durationMs: 5,
    };
    const judged = withCheckoutDrive(declared, refused);
    expect(judged.status).toBe('pass');
    expect(judged.summary).toBe(declared.summary);
    expect(judged.evidence).toContainEqual({
      url: 'https://shop.example/ucp',
      value: `checkout drive (never completed): ${refused.detail}`,
    });
    expect(adviseCheckoutDrive(declared, refused, judged)).toBeNull();
  });
});
