/**
 * The `npm run bench` section of bench/RESULTS.md, rendered from the results bench/run.ts writes to
 * bench/results.json. Only that section is replaced; the load and fuzz sections and the earlier
 * figures around it are kept as they are.
 *
 * Alone, from the stored results: npx tsx bench/results-markdown.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FieldScore } from '#test/unit/scanner/extract/extraction-score.js';
import type { AccountsStats } from './accounts.js';
import type { BatchStats } from './batches.js';
import type { CliStats } from './cli.js';
import type { ColdStartRow } from './cold-start.js';
import type { CpuStats } from './cpu.js';
import type { ExtractionStats } from './extraction.js';
import type { LatencyRow } from './latency.js';
import type { MemoryStats } from './memory.js';
import type { RateLimitRow } from './rate-limits.js';
import type { RescanStats } from './rescans.js';
import type { WebhookStats } from './webhooks.js';

/** What bench/run.ts writes; every part but the first three may be missing from an older file. */
export interface BenchResults {
  generatedAt: string;
  node: string;
  elapsedS: number;
  targets?: { ratio: number; cpuMedianMs: number; rssMb: number };
  latency?: {
    latencyMs: number;
    runs: number;
    ratios: Record<string, { medianRatio: number; worstRatio: number }>;
    rows: LatencyRow[];
  };
  cpu?: CpuStats;
  /** By set since issue 28; an older file holds the all-pages scores alone. */
  extraction?: ExtractionStats | FieldScore[];
  memory?: MemoryStats;
  accounts?: AccountsStats;
  rescans?: RescanStats;
  webhooks?: WebhookStats;
  batches?: BatchStats;
  coldStart?: ColdStartRow[];
  /** Set when the cold start was measured alone (`npx tsx bench/measure-alone.ts cold-start`), after the run above. */
  coldStartMeasuredAt?: string;
  cli?: CliStats;
  rateLimits?: RateLimitRow[];
}

export const BENCH_HEADING = '## `npm run bench`';

type Cell = string | number;

/** 12345.6 -> "12,345.6": figures as the rest of RESULTS.md writes them. */
function figure(value: Cell): string {
  if (typeof value === 'string') return value;
  return value.toLocaleString('en-GB', { maximumFractionDigits: 3 });
}

export function markdownTable(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const line = (cells: readonly Cell[]) => `| ${cells.map((cell) => figure(cell).replaceAll('|', '\\|')).join(' | ')} |`;
  return [line(header), `|${header.map(() => '---').join('|')}|`, ...rows.map(line)].join('\n');
}

function verdict(ok: boolean): string {
  return ok ? 'met' : 'MISSED';
}

function latencyPart(results: BenchResults): string[] {
  const latency = results.latency;
  if (!latency) return [];
  const target = results.targets?.ratio;
  const rows = latency.rows.map((row) => [
    row.tier,
    row.shop,
    row.medianWallMs,
    row.lowerBoundMs,
    row.observedRatio.toFixed(2),
    row.fetches,
    row.score,
  ]);
  const perTier = Object.entries(latency.ratios).map(([tier, ratio]) => [
    tier,
    ratio.medianRatio.toFixed(2),
    ratio.worstRatio.toFixed(2),
    target === undefined ? '-' : `${target} (${verdict(ratio.worstRatio <= target)})`,
  ]);
  return [
    '### Latency',
    `${latency.runs} scans per shop and tier against the fixture shops, ${latency.latencyMs} ms added to every response; bound = deepest fetch round x latency; seen ratio = median / (deepest round the fetch start times show x latency).`,
    '',
    markdownTable(['Tier', 'Shop', 'Median ms', 'Bound ms', 'Seen ratio', 'Fetches', 'Score'], rows),
    '',
    markdownTable(['Tier', 'Median seen ratio', 'Worst seen ratio', 'Target (worst)'], perTier),
  ];
}

function cpuPart(results: BenchResults): string[] {
  const cpu = results.cpu;
  if (!cpu) return [];
  const target = results.targets?.cpuMedianMs;
  const rows = (
    [
      ['analysePage', cpu.analyseMs],
      ['checks', cpu.checksMs],
      ['total', cpu.totalMs],
    ] as const
  ).map(([label, stats]) => [label, stats.median, stats.p95, stats.max]);
  return [
    '### Analysis CPU',
    `Per page over ${cpu.pages} real product pages (analysePage and every check's evaluate)${target === undefined ? '' : `; target: median under ${target} ms (${verdict(cpu.totalMs.median < target)})`}.`,
    '',
    markdownTable(['Part', 'Median ms', 'p95 ms', 'Max ms'], rows),
    '',
    `Costliest checks (median / max ms per page): ${cpu.topChecks.map((check) => `${check.id} ${check.medianMs}/${check.maxMs}`).join(', ')}.`,
  ];
}

const scoreCells = (row: FieldScore) => [
  row.field,
  row.precision,
  row.recall,
  row.f1,
  `${row.truePositives}/${row.falsePositives}/${row.falseNegatives}`,
  row.fromText,
];

function extractionPart(results: BenchResults): string[] {
  const extraction = results.extraction;
  if (!extraction) return [];
  const header = ['Field', 'Precision', 'Recall', 'F1', 'TP/FP/FN', 'From text'];
  if (Array.isArray(extraction)) {
    return [
      '### What agents see',
      'Markup and visible text on the real product pages.',
      '',
      markdownTable(header, extraction.map(scoreCells)),
    ];
  }
  const sinceRun = Date.parse(results.generatedAt) - Date.parse(extraction.measuredAt);
  const inRun = sinceRun >= 0 && sinceRun <= results.elapsedS * 1000;
  const alone = inRun
    ? ''
    : ` Measured alone at ${extraction.measuredAt} (\`npx tsx bench/measure-alone.ts extraction\`), not in the run above.`;
  const signed = (n: number) => (n > 0 ? `+${n.toFixed(3)}` : n.toFixed(3));
  return [
    '### What agents see',
    `Markup and visible text on the real product pages, on all of them and on each set: rules are written against the development set's shops only, the validation set's shops are measured (docs/decisions/074-extraction-generalisation.md).${alone}`,
    '',
    markdownTable(
      ['Set', 'Pages', 'Shops', ...header],
      extraction.sets.flatMap((set) => set.scores.map((row) => [set.set, set.pages, set.shops, ...scoreCells(row)])),
    ),
    '',
    markdownTable(
      ['Field', 'F1 gap', 'Precision gap', 'Recall gap'],
      extraction.gap.map((gap) => [gap.field, signed(gap.f1), signed(gap.precision), signed(gap.recall)]),
    ),
    '',
    'Gap: validation minus development. Targets on the validation set (issue 28):',
    '',
    markdownTable(
      ['Target', 'Validation', 'Verdict'],
      extraction.targets.map((target) => [target.target, target.measured, verdict(target.ok)]),
    ),
    ...byShopPart(extraction.byShop),
    ...textOnlyTargetsPart(extraction.textOnlyTargets),
  ];
}

/** Issue 42: each shop weighs one, on the pages as served and on their text-only copies. */
function byShopPart(byShop: ExtractionStats['byShop']): string[] {
  if (!byShop || byShop.length === 0) return [];
  return [
    '',
    "By shop (issue 42): each shop's pages scored together, every shop weighing one; the rules are not trained, so this is the leave-one-shop-out figure. Text-only: every page with its product markup taken out at test time (`test/support/text-only-page.ts`). Recognised: product pages confirmed from the page itself, as discovery does.",
    '',
    markdownTable(
      ['Corpus', 'Field', 'Mean of shops’ F1', 'Shops', 'Pooled F1', 'Pooled precision', 'Worst shops (F1, pages)'],
      byShop.flatMap((corpus) =>
        corpus.fields.map((field) => [
          corpus.corpus,
          field.field,
          field.meanF1,
          field.shopsScored,
          field.pooled.f1,
          field.pooled.precision,
          field.worst.map((worst) => `${worst.shop} ${worst.f1.toFixed(2)} (${worst.pages})`).join(', '),
        ]),
      ),
    ),
    '',
    markdownTable(
      ['Corpus', 'Pages with product markup', 'Pages recognised', 'Shops with pages missed (recognised/pages)'],
      byShop.map((corpus) => [
        corpus.corpus,
        corpus.withMarkup,
        `${corpus.recognised} of ${corpus.pages}`,
        corpus.worstRecognised.map((worst) => `${worst.shop} ${worst.recognised}/${worst.pages}`).join(', ') || 'none',
      ]),
    ),
  ];
}

function textOnlyTargetsPart(targets: ExtractionStats['textOnlyTargets']): string[] {
  if (!targets || targets.length === 0) return [];
  return [
    '',
    `Targets without markup (issue 42): ${targets.map((t) => `${t.target}: ${t.measured}, ${t.ok ? 'ok' : 'MISSED'}`).join('; ')}.`,
  ];
}

function memoryPart(results: BenchResults): string[] {
  const memory = results.memory;
  if (!memory) return [];
  const target = results.targets?.rssMb;
  const kib = Math.round((memory.pageBytes[0] ?? 0) / 1024);
  return [
    '### Memory',
    `Growth scan of ${memory.pages} pages of ${figure(kib)} KiB each, in a child process${target === undefined ? '' : `; target: peak at most ${target} MB (${verdict(memory.maxRssMb <= target)})`}.`,
    '',
    markdownTable(['Peak RSS MB', 'Baseline MB', 'Scan adds MB'], [[memory.maxRssMb, memory.baselineRssMb, memory.scanRssMb]]),
  ];
}

function accountsPart(results: BenchResults): string[] {
  const accounts = results.accounts;
  if (!accounts) return [];
  const { register, auth, pricingBurst } = accounts;
  return [
    '### Accounts',
    `${accounts.samples} samples after ${accounts.warmup} warm-up requests, on a local stack.`,
    '',
    markdownTable(
      ['Request', 'Median ms', 'p90 ms'],
      [
        ['register, known address', register.known.medianMs, register.known.p90Ms],
        ['register, new address', register.unknown.medianMs, register.unknown.p90Ms],
        ['GET /api/v1/account (with a key)', auth.account.medianMs, auth.account.p90Ms],
        ['GET /api/v1/account/plans', auth.plans.medianMs, auth.plans.p90Ms],
      ],
    ),
    '',
    `Known / new median ${register.ratio}; authentication adds ${auth.overheadMs} ms; pricing burst of ${pricingBurst.requests}: ${pricingBurst.admitted} admitted, ${pricingBurst.refused} refused.`,
  ];
}

function rescansPart(results: BenchResults): string[] {
  const rescans = results.rescans;
  if (!rescans) return [];
  return [
    '### Rescans',
    markdownTable(
      ['Due sites', 'Sweep s', 'Reads per site', 'Queued once', 'Duplicates', 'Missing', 'Rescan adds ms (median)'],
      [
        [
          rescans.sites,
          rescans.sweepS,
          rescans.readPerSite,
          rescans.queuedOnce,
          rescans.duplicates,
          rescans.missing,
          rescans.overheadMedianMs,
        ],
      ],
    ),
  ];
}

function webhooksPart(results: BenchResults): string[] {
  const webhooks = results.webhooks;
  if (!webhooks) return [];
  return [
    '### Webhooks',
    `${figure(webhooks.events)} events to ${webhooks.receivers} loopback receivers through ${webhooks.pollers} pollers of the delivery worker.`,
    '',
    markdownTable(
      ['Delivered once', 'Duplicates', 'Missing', 'Deliveries/s', 'Queued-to-hit p50 ms', 'p99 ms'],
      [[webhooks.deliveredOnce, webhooks.duplicates, webhooks.missing, webhooks.deliveriesPerSecond, webhooks.p50Ms, webhooks.p99Ms]],
    ),
  ];
}

function batchesPart(results: BenchResults): string[] {
  const batches = results.batches;
  if (!batches) return [];
  return [
    '### Batches',
    `${batches.urls} URLs of ${batches.shops} fixture shops behind ${batches.latencyMs} ms, ${batches.pollers} pollers of the batch worker, against one growth scan.`,
    '',
    markdownTable(
      ['Batch median ms', 'One scan median ms', 'Ratio', 'Warm-up batches ms', 'Counts exact'],
      [
        [
          batches.batchMedianMs,
          batches.singleScanMedianMs,
          batches.ratio,
          batches.warmupMs.map(figure).join(', '),
          batches.countsExact ? 'yes' : 'NO',
        ],
      ],
    ),
  ];
}

function coldStartPart(results: BenchResults): string[] {
  const rows = results.coldStart;
  if (!rows) return [];
  const alone = results.coldStartMeasuredAt
    ? ` Measured alone at ${results.coldStartMeasuredAt} (\`npx tsx bench/measure-alone.ts cold-start\`), not in the run above.`
    : '';
  return [
    '### Cold start',
    `Every function bundled as deployed; median import time in fresh processes, against a floor handler (DynamoDB client, middy, zod) in the same run. CPU: the import's CPU time on every thread of the process, which a function of 1,024 MB (about 0.6 of a vCPU) pays in full.${alone}`,
    '',
    markdownTable(
      ['Function', 'Bundle KB', 'Import ms', 'Size x floor', 'Import x floor', 'CPU ms', 'CPU x floor', 'Target'],
      rows.map((row) => [
        row.name,
        Math.round(row.bundleBytes / 1000),
        row.importMs,
        row.sizeRatio,
        row.importRatio,
        row.importCpuMs ?? '',
        row.cpuRatio ?? '',
        row.target,
      ]),
    ),
  ];
}

function cliPart(results: BenchResults): string[] {
  const cli = results.cli;
  if (!cli) return [];
  return [
    '### Command line',
    markdownTable(
      ['Measure', 'Value'],
      [
        [
          `first scan of a fresh process, ms (${cli.coldWarm.tier}, ${cli.coldWarm.latencyMs} ms latency)`,
          cli.coldWarm.firstMs.map(figure).join(', '),
        ],
        ['warm scan median ms', cli.coldWarm.warmMedianMs],
        ['first / warm', cli.coldWarm.ratio],
        [`CLI whole process ms (${cli.cli.runs} runs, ${cli.cli.latencyMs} ms latency)`, cli.cli.processMs],
        ['in-process scan ms', cli.cli.inProcessMs],
        ['bare node ms', cli.cli.bareNodeMs],
        ['process / (in-process + bare node)', cli.cli.ratio],
      ],
    ),
  ];
}

function rateLimitsPart(results: BenchResults): string[] {
  const rows = results.rateLimits;
  if (!rows) return [];
  return [
    '### Rate limiter',
    markdownTable(
      ['Limit', 'Admitted', 'CPU µs per request', 'Heap bytes per request', 'Reads', 'Writes', 'Item bytes'],
      rows.map((row) => [
        row.limit,
        row.admitted,
        row.cpuUsPerRequest,
        row.heapBytesPerRequest,
        row.readsPerRequest,
        row.writesPerRequest,
        row.itemBytes,
      ]),
    ),
  ];
}

/** The whole section, heading first, ending without a blank line. */
export function renderBenchSection(results: BenchResults): string {
  const parts = [
    latencyPart,
    cpuPart,
    extractionPart,
    memoryPart,
    accountsPart,
    rescansPart,
    webhooksPart,
    batchesPart,
    coldStartPart,
    cliPart,
    rateLimitsPart,
  ]
    .map((part) => part(results))
    .filter((lines) => lines.length > 0)
    .map((lines) => lines.join('\n'));
  const date = results.generatedAt.slice(0, 10);
  return [
    BENCH_HEADING,
    `Written by \`npm run bench\` from bench/results.json: run of ${date} (${results.generatedAt}), Node ${results.node}, ${figure(results.elapsedS)} s in all.`,
    ...parts,
  ].join('\n\n');
}

/**
 * `document` with the level-2 section starting at `heading` (up to the next level-2 heading) replaced by
 * `section`; without that heading, `section` goes before the first level-2 heading (or at the end).
 */
export function replaceSection(document: string, heading: string, section: string): string {
  const lines = document.split('\n');
  const isLevel2 = (line: string) => line.startsWith('## ');
  const start = lines.findIndex((line) => line.trimEnd() === heading);
  const body = section.trimEnd().split('\n');
  if (start === -1) {
    const first = lines.findIndex(isLevel2);
    if (first === -1) return `${document.trimEnd()}\n\n${body.join('\n')}\n`;
    return [...lines.slice(0, first), ...body, '', ...lines.slice(first)].join('\n');
  }
  const next = lines.findIndex((line, index) => index > start && isLevel2(line));
  const after = next === -1 ? [] : ['', ...lines.slice(next)];
  const result = [...lines.slice(0, start), ...body, ...after].join('\n');
  return result.endsWith('\n') ? result : `${result}\n`;
}

/** Rewrites the bench section of the Markdown file at `path` from `results`. */
export function writeBenchSection(path: string, results: BenchResults): void {
  writeFileSync(path, replaceSection(readFileSync(path, 'utf8'), BENCH_HEADING, renderBenchSection(results)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = JSON.parse(readFileSync(new URL('./results.json', import.meta.url), 'utf8')) as BenchResults;
  writeBenchSection(fileURLToPath(new URL('./RESULTS.md', import.meta.url)), results);
  console.log('bench/RESULTS.md: the npm run bench section rewritten from bench/results.json');
}
