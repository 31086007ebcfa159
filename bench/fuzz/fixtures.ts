import { startShop, type RunningShop } from '#test/fixtures/shop-server.js';
import { startWebhookReceiver, type WebhookReceiver } from '#test/fixtures/webhook-receiver.js';
import { signUp, subscribe } from '../support/local-service.js';

/** What a fuzzed path parameter names, by the path segment before it. */
export type IdPool = 'publicScan' | 'scan' | 'batch' | 'key' | 'site' | 'threshold' | 'webhook' | 'event';

export type KeyKind = 'none' | 'free' | 'growth' | 'bogus';

/** Real things to aim at: keys of each tier, ids of each kind, and the loopback servers the targets name. */
export interface Fixtures {
  keys: Record<Exclude<KeyKind, 'none'>, string>;
  pools: Record<IdPool, string[]>;
  loopbackOrigins: string[];
  close(): Promise<void>;
}

export interface ServiceUrls {
  api: string;
  ses: string;
}

/** How requests are sent: the global fetch, or one bound to another loopback source address. */
export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

export interface FixtureOptions {
  /** API keys of a free and a growth account made beforehand; otherwise both are signed up here. */
  accounts?: { free: string; growth: string };
  fetch?: Fetch;
}

async function callApi(
  fetch: Fetch,
  api: string,
  method: string,
  path: string,
  key: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${api}${path}`, {
    method,
    headers: {
      ...(key === '' ? {} : { authorization: `Bearer ${key}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`Fuzz set-up: ${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

const idOf = (value: unknown): string => {
  if (typeof value !== 'string') throw new Error(`Fuzz set-up: expected an id, got ${JSON.stringify(value)}`);
  return value;
};

/**
 * Signs up a free and a growth account, starts a fixture shop and a webhook receiver on loopback,
 * and makes one of each thing the routes name: scans, a batch, a watched site with a threshold, a
 * webhook with a delivery, a second API key.
 */
export async function setUpFixtures(service: ServiceUrls, runId: string, options: FixtureOptions = {}): Promise<Fixtures> {
  const send = options.fetch ?? ((url, init) => fetch(url, init));
  const servers: Array<RunningShop | WebhookReceiver> = [];
  const close = async () => {
    await Promise.all(servers.map((server) => server.close()));
  };
  try {
    const shop = await startShop('agent-ready');
    servers.push(shop);
    const slowShop = await startShop('typical-gaps', { latencyMs: 200 });
    servers.push(slowShop);
    const receiver = await startWebhookReceiver(200);
    servers.push(receiver);
    const failingReceiver = await startWebhookReceiver(500);
    servers.push(failingReceiver);

    let accounts = options.accounts;
    if (!accounts) {
      accounts = {
        free: await signUp(service, `fuzz-free-${runId}@fuzz.example`),
        growth: await signUp(service, `fuzz-growth-${runId}@fuzz.example`),
      };
      await subscribe(service, accounts.growth, 'growth');
    }
    const { free, growth } = accounts;
    const api = service.api;
    const call = (method: string, path: string, key: string, body?: unknown) => callApi(send, api, method, path, key, body);
    const scan = await call('POST', '/api/v1/scan', growth, { url: `${shop.origin}/` });
    const publicScan = await call('POST', '/api/scan', '', { url: `${slowShop.origin}/` });
    const site = (await call('POST', '/api/v1/watched-sites', growth, { url: `${shop.origin}/`, label: 'fuzz' })).site as Record<
      string,
      unknown
    >;
    const threshold = (
      await call('POST', `/api/v1/watched-sites/${idOf(site.id)}/thresholds`, growth, { condition: 'drops_below', value: 40 })
    ).threshold as Record<string, unknown>;
    const webhook = (await call('POST', '/api/v1/webhooks', growth, { url: receiver.url, events: ['scan_complete'] })).webhook as Record<
      string,
      unknown
    >;
    await call('POST', `/api/v1/webhooks/${idOf(webhook.id)}/test`, growth);
    const deliveries = (await call('GET', `/api/v1/webhooks/${idOf(webhook.id)}/deliveries`, growth)).deliveries as Array<
      Record<string, unknown>
    >;
    const batch = await call('POST', '/api/v1/batch/scan', growth, { urls: [`${shop.origin}/`, 'http://127.0.0.1:1/'], label: 'fuzz' });
    const key = (await call('POST', '/api/v1/account/api-keys', growth, { label: 'fuzz spare' })).key as Record<string, unknown>;

    return {
      keys: { free, growth, bogus: `ak_live_${'x'.repeat(40)}` },
      pools: {
        publicScan: [idOf(publicScan.id)],
        scan: [idOf(scan.id)],
        batch: [idOf(batch.batchId)],
        key: [idOf(key.id)],
        site: [idOf(site.id)],
        threshold: [idOf(threshold.id)],
        webhook: [idOf(webhook.id)],
        event: deliveries.map((delivery) => idOf(delivery.eventId)).slice(0, 3),
      },
      loopbackOrigins: [shop.origin, slowShop.origin, receiver.url.replace(/\/hook$/, ''), failingReceiver.url.replace(/\/hook$/, '')],
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
