/**
 * Child process of the memory figure: one growth scan of the origin given as argv[2], with RSS
 * sampled every 5 ms; prints one JSON line. Runs apart from the server so only the scanner's
 * memory is counted.
 */
import { scanUrl } from '#shared/scanner/engine.js';
import { createFetcher } from '#shared/outbound/index.js';

const MIB = 1024 * 1024;
const origin = process.argv[2];
if (!origin) throw new Error('usage: memory-child.ts <origin>');

const fetcher = createFetcher({ allowPrivateHosts: ['127.0.0.1'] });
const baseline = process.memoryUsage().rss;
let sampledPeak = baseline;
const sampler = setInterval(() => {
  sampledPeak = Math.max(sampledPeak, process.memoryUsage().rss);
}, 5);
const { result } = await scanUrl(`${origin}/`, {
  tier: 'growth',
  productPageBudget: 4,
  fetcher,
  policy: { allowPrivateHosts: ['127.0.0.1'] },
  deadline: Date.now() + 25_000,
});
clearInterval(sampler);
sampledPeak = Math.max(sampledPeak, process.memoryUsage().rss);
await fetcher.close();
console.log(
  JSON.stringify({
    baselineRssMb: baseline / MIB,
    sampledPeakRssMb: sampledPeak / MIB,
    // ru_maxrss (KiB on Linux): the true peak, including moments the sampler could not see.
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    pages: result.pages.length,
    pageBytes: result.pages.map((page) => page.bytes),
    score: result.score,
  }),
);
