/**
 * Child process of the cold/warm figure: in a fresh process (modules loaded, nothing run yet), the
 * first scan of the origin in argv[2], then warm scans of the same shop; prints one JSON line.
 */
import { scanUrl } from '#shared/scanner/engine.js';
import { createFetcher } from '#shared/outbound/index.js';

const loadedMs = performance.now();
const origin = process.argv[2];
const tier = (process.argv[3] ?? 'free') as 'free' | 'pro' | 'growth';
const warmRuns = Number(process.argv[4] ?? 5);
if (!origin) throw new Error('usage: first-scan-child <origin> [tier] [warm runs]');

const fetcher = createFetcher({ allowPrivateHosts: ['127.0.0.1'] });
const budget = { free: 0, pro: 1, growth: 4 }[tier];
async function scanOnce(): Promise<number> {
  const started = performance.now();
  await scanUrl(`${origin}/`, {
    tier,
    productPageBudget: budget,
    fetcher,
    policy: { allowPrivateHosts: ['127.0.0.1'] },
    deadline: Date.now() + 25_000,
  });
  return performance.now() - started;
}
const firstMs = await scanOnce();
const warmMs: number[] = [];
for (let run = 0; run < warmRuns; run++) warmMs.push(await scanOnce());
await fetcher.close();
console.log(JSON.stringify({ loadedMs, firstMs, warmMs }));
