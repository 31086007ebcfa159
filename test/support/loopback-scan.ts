import type { Fetcher } from '#shared/outbound/index.js';
import { scanUrl } from '#shared/scanner/engine.js';

/** A free-tier scan of a shop served on loopback, as the tests and the conformance command run one. */
export function scanLoopbackShop(origin: string, fetcher: Fetcher) {
  return scanUrl(`${origin}/`, {
    tier: 'free',
    productPageBudget: 0,
    fetcher,
    policy: { allowPrivateHosts: ['127.0.0.1'] },
    deadline: Date.now() + 20_000,
  });
}
