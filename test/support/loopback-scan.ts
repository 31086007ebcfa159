import type { Tier } from '#shared/model/tiers.js';
import type { Fetcher } from '#shared/outbound/index.js';
import { scanUrl } from '#shared/scanner/engine.js';

/**
 * A scan of a shop served on loopback, its homepage only, as the tests and the conformance command run one: free by
 * default; a paid tier also drives the endpoints the shop declares.
 */
export function scanLoopbackShop(origin: string, fetcher: Fetcher, tier: Tier = 'free') {
  return scanUrl(`${origin}/`, {
    tier,
    productPageBudget: 0,
    fetcher,
    policy: { allowPrivateHosts: ['127.0.0.1'] },
    deadline: Date.now() + 20_000,
  });
}
