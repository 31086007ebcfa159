/**
 * One part of `npm run bench` measured alone and stored: its part of bench/results.json replaced (the rest stays as
 * the last full run wrote it) and RESULTS.md's bench section rewritten from it. The measuring modules do not write
 * results themselves, so the renderer (results-markdown.ts) can read their types without an import cycle.
 *
 *   npx tsx bench/measure-alone.ts extraction   "what agents see" on the real product pages (outside data)
 *   npx tsx bench/measure-alone.ts cold-start   each function's bundle and cold start
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { productPages } from '#test/support/outside-data.js';
import { printColdStart, runColdStartBench } from './cold-start.js';
import { printExtraction, runExtractionBench } from './extraction.js';
import { writeBenchSection, type BenchResults } from './results-markdown.js';

const parts: Record<string, () => Promise<Partial<BenchResults>>> = {
  extraction: async () => {
    const corpus = productPages();
    if (!corpus.present) throw new Error(corpus.reason);
    const extraction = runExtractionBench(corpus);
    printExtraction(extraction);
    return { extraction };
  },
  'cold-start': async () => {
    const coldStart = await runColdStartBench();
    printColdStart(coldStart);
    return { coldStart, coldStartMeasuredAt: new Date().toISOString() };
  },
};

const name = process.argv[2] ?? '';
const measure = parts[name];
if (!measure) {
  console.error(`usage: npx tsx bench/measure-alone.ts ${Object.keys(parts).join('|')}`);
  process.exit(2);
}
const part = await measure();
const resultsPath = fileURLToPath(new URL('./results.json', import.meta.url));
const results: BenchResults = { ...(JSON.parse(readFileSync(resultsPath, 'utf8')) as BenchResults), ...part };
writeFileSync(resultsPath, `${JSON.stringify(results, null, 2)}\n`);
writeBenchSection(fileURLToPath(new URL('./RESULTS.md', import.meta.url)), results);
console.log(`\nbench/results.json: ${Object.keys(part).join(' and ')} replaced; bench/RESULTS.md: the npm run bench section rewritten`);
