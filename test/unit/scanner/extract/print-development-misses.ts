/**
 * Prints the development set's misses, for whoever writes extraction rules:
 * `npx tsx test/unit/scanner/extract/print-development-misses.ts [price|availability|sku]`.
 * Rules are written against these pages only; the validation set is measured, never read for rules.
 */
import { productPages } from '#test/support/outside-data.js';
import { measureExtraction, type ScoredField } from './extraction-score.js';

const corpus = productPages();
if (!corpus.present) {
  console.error(corpus.reason);
  process.exit(1);
}
const field = process.argv[2] as ScoredField | undefined;
const { pages, scores, misses } = measureExtraction(corpus, 'development');
console.log(`development set: ${pages} pages`);
for (const score of scores) console.log(`${score.field}: F1 ${score.f1}, precision ${score.precision}, recall ${score.recall}`);
for (const miss of misses.filter((entry) => field === undefined || entry.field === field))
  console.log(`${miss.field}\t${miss.id}\t${miss.url}\tread ${JSON.stringify(miss.value)}\tlabelled ${JSON.stringify(miss.labels)}`);
