/**
 * Cold start of every function: each entry point bundled as the CDK stack bundles it
 * (lib/function-bundling.ts), then imported in a fresh Node process with the function's NODE_OPTIONS,
 * `RUNS` times; the median import time and the bundle's size, beside the floor (floor-handler.ts)
 * measured the same way in the same run.
 *
 * `npx tsx bench/cold-start.ts` runs this part alone.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { families } from '#shared/http/route-types.js';
import { workerNames, type FunctionName } from '#lib/function-catalog.js';
import { functionBundling } from '#lib/function-bundling.js';
import { entryPath } from '#lib/paths.js';
import { median, round } from './stats.js';

const RUNS = 9;
const FLOOR_ENTRY = fileURLToPath(new URL('./cold-start/floor-handler.ts', import.meta.url));
/** Scanning functions carry the scanner (parsers, checks): their target is looser. */
const SCANNERS = new Set<FunctionName>(['publicScanner', 'scanner', 'batchScan', 'rescanSite']);
export const COLD_START_TARGETS = { ratio: 1.3, scannerRatio: 2 };

export interface ColdStartRow {
  name: FunctionName | 'floor';
  bundleBytes: number;
  importMs: number;
  sizeRatio: number;
  importRatio: number;
  target: number;
}

async function bundle(entry: string, outdir: string, name: string): Promise<string> {
  const outfile = path.join(outdir, `${name}.mjs`);
  await build({
    entryPoints: [entry],
    bundle: true,
    outfile,
    platform: functionBundling.platform,
    format: functionBundling.format,
    target: functionBundling.target,
    mainFields: [...functionBundling.mainFields],
    minify: functionBundling.minify,
    sourcemap: functionBundling.sourceMap,
    sourcesContent: false,
    banner: { js: functionBundling.banner },
    alias: { ...functionBundling.alias },
    logLevel: 'error',
  });
  return outfile;
}

const importScript = 'const started = performance.now(); await import(process.argv[1]); process.stdout.write(String(performance.now() - started));';

function importOnce(file: string): number {
  const options = functionBundling.nodeOptions.split(' ').filter(Boolean);
  const child = spawnSync(process.execPath, [...options, '--input-type=module', '-e', importScript, pathToFileURL(file).href], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', AWS_REGION: 'eu-west-2', TABLE_NAME: 'readiness', LOG_LEVEL: 'ERROR', AWS_LAMBDA_FUNCTION_NAME: 'bench' },
  });
  if (child.status !== 0) throw new Error(`Importing ${file} failed: ${child.stderr}`);
  return Number(child.stdout);
}

function medianImportMs(file: string): number {
  importOnce(file); // the file system cache, not the module, is what this warms
  return median(Array.from({ length: RUNS }, () => importOnce(file)));
}

export async function runColdStartBench(): Promise<ColdStartRow[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cold-start-bench-'));
  try {
    const floorFile = await bundle(FLOOR_ENTRY, dir, 'floor');
    const floor = { bytes: (await stat(floorFile)).size, ms: medianImportMs(floorFile) };
    const rows: ColdStartRow[] = [{ name: 'floor', bundleBytes: floor.bytes, importMs: round(floor.ms), sizeRatio: 1, importRatio: 1, target: 1 }];
    const names: Array<[FunctionName, string]> = [
      ...families.map((family): [FunctionName, string] => [family, entryPath('http', family)]),
      ...workerNames.map((worker): [FunctionName, string] => [worker, entryPath('workers', worker)]),
    ];
    for (const [name, entry] of names) {
      const file = await bundle(entry, dir, name);
      const bytes = (await stat(file)).size;
      const ms = medianImportMs(file);
      rows.push({
        name,
        bundleBytes: bytes,
        importMs: round(ms),
        sizeRatio: round(bytes / floor.bytes, 2),
        importRatio: round(ms / floor.ms, 2),
        target: SCANNERS.has(name) ? COLD_START_TARGETS.scannerRatio : COLD_START_TARGETS.ratio,
      });
    }
    return rows;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function printColdStart(rows: readonly ColdStartRow[]): void {
  console.log(`\nCold start: each function bundled as deployed (NODE_OPTIONS=${functionBundling.nodeOptions || '(none)'}), median import of ${RUNS} fresh processes`);
  console.log(`${'function'.padEnd(16)}${'bundle KB'.padStart(10)}${'import ms'.padStart(11)}${'size x'.padStart(8)}${'import x'.padStart(10)}${'target'.padStart(8)}  verdict`);
  for (const row of rows) {
    const ok = row.sizeRatio <= row.target && row.importRatio <= row.target;
    console.log(
      `${row.name.padEnd(16)}${String(Math.round(row.bundleBytes / 1024)).padStart(10)}${String(row.importMs).padStart(11)}${row.sizeRatio.toFixed(2).padStart(8)}${row.importRatio.toFixed(2).padStart(10)}${`${row.target}x`.padStart(8)}  ${row.name === 'floor' ? 'floor' : ok ? 'ok' : 'MISSED'}`,
    );
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  printColdStart(await runColdStartBench());
}
