/**
 * Cold start of every function: each entry point bundled as the CDK stack bundles it
 * (lib/function-bundling.ts), then imported in a fresh Node process with the function's NODE_OPTIONS,
 * `RUNS` times; the median import time and the bundle's size, beside the floor (floor-handler.ts)
 * measured the same way in the same run. Also the CPU time the import took on every thread of the process:
 * on a machine of several cores V8's compiler and collector threads work beside the import and hide from
 * its wall time, while a function of 1,024 MB has about 0.6 of a vCPU for all of its threads.
 *
 * `npx tsx bench/cold-start.ts` runs this part alone and prints it; `npx tsx bench/measure-alone.ts cold-start`
 * stores it too.
 */
import { spawnSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { families } from '#shared/http/route-types.js';
import { workerNames, type FunctionName } from '#lib/function-catalog.js';
import { bundleFiles, esbuildOptions, functionBundling } from '#lib/function-bundling.js';
import { entryPath } from '#lib/paths.js';
import { median, round } from './stats.js';

const RUNS = 11;
const FLOOR_ENTRY = fileURLToPath(new URL('./cold-start/floor-handler.ts', import.meta.url));
/**
 * Functions built around a large part every one of their requests uses get the looser target: the
 * scanning functions carry the scanner (parsers, checks), billing the official Stripe SDK (~240 KB
 * minified, needed by each of its routes, so deferring its import would only move the cost), mcp the MCP
 * SDK with its JSON Schema validator (every request builds a server; the scanner is loaded on first use).
 */
const HEAVY = new Set<FunctionName>(['publicScanner', 'scanner', 'batchScan', 'rescanSite', 'billing', 'mcp']);
export const COLD_START_TARGETS = { ratio: 1.3, heavyRatio: 2 };

export interface ColdStartRow {
  name: FunctionName | 'floor';
  bundleBytes: number;
  importMs: number;
  sizeRatio: number;
  importRatio: number;
  /** CPU time of the import, every thread of the process; absent from runs before it was measured. */
  importCpuMs?: number;
  cpuRatio?: number;
  target: number;
}

async function bundle(entry: string, outdir: string, name: FunctionName | 'floor'): Promise<string> {
  const outfile = path.join(outdir, `${name}.mjs`);
  await build({ ...esbuildOptions(name), entryPoints: [entry], outfile });
  // The files a deployed function has beside its bundle (the same for every function that has them).
  if (name !== 'floor')
    for (const file of bundleFiles(name)) {
      await mkdir(path.dirname(path.join(outdir, file.name)), { recursive: true });
      await copyFile(file.from, path.join(outdir, file.name));
    }
  return outfile;
}

const importScript = [
  'const started = performance.now(), cpu = process.cpuUsage();',
  'await import(process.argv[1]);',
  'const spent = process.cpuUsage(cpu);',
  'process.stdout.write(JSON.stringify([performance.now() - started, (spent.user + spent.system) / 1000]));',
].join(' ');

/** Wall time and CPU time (every thread) of one import, in ms. */
function importOnce(file: string): [number, number] {
  const options = functionBundling.nodeOptions.split(' ').filter(Boolean);
  const child = spawnSync(process.execPath, [...options, '--input-type=module', '-e', importScript, pathToFileURL(file).href], {
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH ?? '',
      AWS_REGION: 'eu-west-2',
      TABLE_NAME: 'readiness',
      LOG_LEVEL: 'ERROR',
      AWS_LAMBDA_FUNCTION_NAME: 'bench',
    },
  });
  if (child.status !== 0) throw new Error(`Importing ${file} failed: ${child.stderr}`);
  return JSON.parse(child.stdout) as [number, number];
}

/**
 * Median import time of each file, the runs interleaved (floor, every function, floor, ...) so that a
 * busy moment of the machine weighs on every figure alike and the ratios stay fair.
 */
function medianImportTimes(files: readonly string[]): Array<{ wallMs: number; cpuMs: number }> {
  for (const file of files) importOnce(file); // warms the file system cache, not the modules
  const samples = files.map(() => [] as Array<[number, number]>);
  for (let run = 0; run < RUNS; run += 1) files.forEach((file, index) => samples[index]!.push(importOnce(file)));
  return samples.map((times) => ({ wallMs: median(times.map(([wall]) => wall)), cpuMs: median(times.map(([, cpu]) => cpu)) }));
}

export async function runColdStartBench(): Promise<ColdStartRow[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cold-start-bench-'));
  try {
    const names: Array<[FunctionName | 'floor', string]> = [
      ['floor', FLOOR_ENTRY],
      ...families.map((family): [FunctionName, string] => [family, entryPath('http', family)]),
      ...workerNames.map((worker): [FunctionName, string] => [worker, entryPath('workers', worker)]),
    ];
    const files = await Promise.all(names.map(([name, entry]) => bundle(entry, dir, name)));
    const sizes = await Promise.all(files.map(async (file) => (await stat(file)).size));
    const times = medianImportTimes(files);
    const floor = { bytes: sizes[0]!, ...times[0]! };
    return names.map(([name], index) => ({
      name,
      bundleBytes: sizes[index]!,
      importMs: round(times[index]!.wallMs),
      sizeRatio: round(sizes[index]! / floor.bytes, 2),
      importRatio: round(times[index]!.wallMs / floor.wallMs, 2),
      importCpuMs: round(times[index]!.cpuMs),
      cpuRatio: round(times[index]!.cpuMs / floor.cpuMs, 2),
      target: name === 'floor' ? 1 : HEAVY.has(name) ? COLD_START_TARGETS.heavyRatio : COLD_START_TARGETS.ratio,
    }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function printColdStart(rows: readonly ColdStartRow[]): void {
  console.log(
    `\nCold start: each function bundled as deployed (NODE_OPTIONS=${functionBundling.nodeOptions || '(none)'}), median import of ${RUNS} fresh processes`,
  );
  console.log(
    `${'function'.padEnd(16)}${'bundle KB'.padStart(10)}${'import ms'.padStart(11)}${'size x'.padStart(8)}${'import x'.padStart(10)}${'CPU ms'.padStart(8)}${'CPU x'.padStart(7)}${'target'.padStart(8)}  verdict`,
  );
  for (const row of rows) {
    const ok = row.sizeRatio <= row.target && row.importRatio <= row.target;
    console.log(
      `${row.name.padEnd(16)}${String(Math.round(row.bundleBytes / 1024)).padStart(10)}${String(row.importMs).padStart(11)}${row.sizeRatio.toFixed(2).padStart(8)}${row.importRatio.toFixed(2).padStart(10)}${String(row.importCpuMs ?? '').padStart(8)}${(row.cpuRatio?.toFixed(2) ?? '').padStart(7)}${`${row.target}x`.padStart(8)}  ${row.name === 'floor' ? 'floor' : ok ? 'ok' : 'MISSED'}`,
    );
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  printColdStart(await runColdStartBench());
}
