/**
 * "What agents see" on the real product pages: F1, precision and recall per field (price, availability,
 * sku) on all pages, on the development set (the shops rules are written against) and on the validation
 * set (shops no rule was written against), the gap between the two, and whether issue 28's targets hold
 * on validation (docs/decisions/074-extraction-generalisation.md). Aggregates only: no page's miss.
 *
 * Run alone: npx tsx bench/extraction.ts (prints), or npx tsx bench/measure-alone.ts extraction (stores it too).
 */
import { fileURLToPath } from 'node:url';
import { productPages, type ProductPages } from '#test/support/outside-data.js';
import { measureExtractionBySet, type FieldScore, type ScoredField, type SetScores } from '#test/unit/scanner/extract/extraction-score.js';
import { measureByShop, type CorpusByShop } from '#test/unit/scanner/extract/shop-scores.js';
import { textOnlyPage } from '#test/support/text-only-page.js';

export interface FieldGap {
  field: ScoredField;
  /** Validation minus development. */
  f1: number;
  precision: number;
  recall: number;
}

export interface TargetVerdict {
  target: string;
  /** The validation figure the target is about, as printed. */
  measured: string;
  ok: boolean;
}

export interface ExtractionStats {
  measuredAt: string;
  sets: SetScores[];
  gap: FieldGap[];
  targets: TargetVerdict[];
  /** By shop (each shop weighs one), on the pages as served and on their text-only copies (issue 42). */
  byShop?: CorpusByShop[];
  /** Issue 42's targets for the text-only corpus, against the markup corpus. */
  textOnlyTargets?: TargetVerdict[];
}

/** Issue 42's targets: text-only price F1 (mean of shops) this close to the markup one; this share of text-only pages recognised. */
export const TEXT_ONLY_TARGETS = { priceGap: 0.05, recognised: 0.95 };

function textOnlyVerdicts(byShop: readonly CorpusByShop[]): TargetVerdict[] {
  const [markup, textOnly] = [byShop.find((c) => c.corpus === 'markup')!, byShop.find((c) => c.corpus === 'text-only')!];
  const price = (corpus: CorpusByShop) => corpus.fields.find((field) => field.field === 'price')!.meanF1;
  const gap = round(price(textOnly) - price(markup));
  const share = textOnly.recognised / textOnly.pages;
  return [
    {
      target: `text-only price F1 (mean of shops) within ${TEXT_ONLY_TARGETS.priceGap.toFixed(2)} of markup`,
      measured: `text-only ${price(textOnly).toFixed(3)}, markup ${price(markup).toFixed(3)}, gap ${signed(gap)}`,
      ok: gap >= -TEXT_ONLY_TARGETS.priceGap,
    },
    {
      target: `text-only pages recognised >= ${Math.round(TEXT_ONLY_TARGETS.recognised * 100)} %`,
      measured: `${textOnly.recognised} of ${textOnly.pages} (${Math.round(share * 100)} %)`,
      ok: share >= TEXT_ONLY_TARGETS.recognised,
    },
  ];
}

/** Issue 28's targets, on the validation set. */
export const VALIDATION_TARGETS = { price: { f1: 0.9, precision: 0.95 }, availability: { f1: 0.93 }, sku: { f1: 0.85 }, gap: 0.05 };

const round = (n: number) => Math.round(n * 1000) / 1000;
const signed = (n: number) => (n > 0 ? `+${n.toFixed(3)}` : n.toFixed(3));

function byField(scores: readonly FieldScore[], field: ScoredField): FieldScore {
  return scores.find((score) => score.field === field)!;
}

function verdicts(development: SetScores, validation: SetScores, gap: readonly FieldGap[]): TargetVerdict[] {
  const field = (name: ScoredField) => byField(validation.scores, name);
  const { price, availability, sku } = VALIDATION_TARGETS;
  const worst = gap.reduce((low, entry) => (entry.f1 < low.f1 ? entry : low));
  return [
    {
      target: `price F1 >= ${price.f1.toFixed(2)} with precision >= ${price.precision.toFixed(2)}`,
      measured: `F1 ${field('price').f1}, precision ${field('price').precision}`,
      ok: field('price').f1 >= price.f1 && field('price').precision >= price.precision,
    },
    {
      target: `availability F1 >= ${availability.f1.toFixed(2)}`,
      measured: `F1 ${field('availability').f1}`,
      ok: field('availability').f1 >= availability.f1,
    },
    { target: `sku F1 >= ${sku.f1.toFixed(2)}`, measured: `F1 ${field('sku').f1}`, ok: field('sku').f1 >= sku.f1 },
    {
      target: `no field's F1 more than ${VALIDATION_TARGETS.gap.toFixed(2)} below development`,
      measured: `lowest: ${worst.field} ${signed(worst.f1)} (development ${byField(development.scores, worst.field).f1})`,
      ok: gap.every((entry) => entry.f1 >= -VALIDATION_TARGETS.gap),
    },
  ];
}

export function runExtractionBench(corpus: ProductPages): ExtractionStats {
  const measured = measureExtractionBySet(corpus);
  const { development, validation } = measured;
  const gap = development.scores.map(({ field }) => {
    const [dev, val] = [byField(development.scores, field), byField(validation.scores, field)];
    return { field, f1: round(val.f1 - dev.f1), precision: round(val.precision - dev.precision), recall: round(val.recall - dev.recall) };
  });
  const byShop = [measureByShop(corpus, 'markup'), measureByShop(corpus, 'text-only', textOnlyPage)];
  return {
    measuredAt: new Date().toISOString(),
    sets: [measured.all, development, validation],
    gap,
    targets: verdicts(development, validation, gap),
    byShop,
    textOnlyTargets: textOnlyVerdicts(byShop),
  };
}

function pad(value: string | number, width: number, right = false): string {
  const text = String(value);
  return right ? text.padEnd(width) : text.padStart(width);
}

export function printExtraction(stats: ExtractionStats): void {
  console.log('\n"What agents see" on the real product pages by set (markup and visible text; F1 as the extraction benchmark counts it)');
  console.log(
    `${pad('set', 13, true)}${pad('pages', 6)}${pad('shops', 6)}  ${pad('field', 13, true)}${pad('precision', 10)}${pad('recall', 8)}${pad('F1', 7)}${pad('TP/FP/FN', 11)}${pad('from text', 10)}`,
  );
  for (const set of stats.sets) {
    for (const row of set.scores) {
      console.log(
        `${pad(set.set, 13, true)}${pad(set.pages, 6)}${pad(set.shops, 6)}  ${pad(row.field, 13, true)}${pad(row.precision.toFixed(3), 10)}${pad(row.recall.toFixed(3), 8)}${pad(row.f1.toFixed(3), 7)}${pad(`${row.truePositives}/${row.falsePositives}/${row.falseNegatives}`, 11)}${pad(row.fromText, 10)}`,
      );
    }
  }
  console.log(
    `  gap (validation - development): ${stats.gap.map((g) => `${g.field} F1 ${signed(g.f1)}, precision ${signed(g.precision)}, recall ${signed(g.recall)}`).join('; ')}`,
  );
  console.log(`  targets on validation: ${stats.targets.map((t) => `${t.target} (${t.measured}): ${t.ok ? 'ok' : 'MISSED'}`).join('; ')}`);
  for (const corpus of stats.byShop ?? []) {
    console.log(
      `\nBy shop, ${corpus.corpus} (${corpus.pages} pages of ${corpus.shops} shops, ${corpus.withMarkup} with product markup; ${corpus.recognised} recognised as product pages from the page itself${corpus.worstRecognised.length > 0 ? `; fewest: ${corpus.worstRecognised.map((w) => `${w.shop} ${w.recognised}/${w.pages}`).join(', ')}` : ''})`,
    );
    for (const field of corpus.fields) {
      console.log(
        `  ${pad(field.field, 13, true)}mean of shops' F1 ${field.meanF1.toFixed(3)} over ${field.shopsScored}; pooled F1 ${field.pooled.f1.toFixed(3)}, precision ${field.pooled.precision.toFixed(3)}; worst: ${field.worst.map((w) => `${w.shop} ${w.f1.toFixed(2)} (${w.pages})`).join(', ')}`,
      );
    }
  }
  if (stats.textOnlyTargets)
    console.log(
      `  targets without markup: ${stats.textOnlyTargets.map((t) => `${t.target} (${t.measured}): ${t.ok ? 'ok' : 'MISSED'}`).join('; ')}`,
    );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const corpus = productPages();
  if (!corpus.present) {
    console.error(corpus.reason);
    process.exit(1);
  }
  printExtraction(runExtractionBench(corpus));
}
