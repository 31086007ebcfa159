/**
 * Peak RSS of one growth scan of five 2 MiB pages, measured in a child process. The child is
 * bundled with esbuild and run on plain node, as the scanner is deployed, so the figure does not
 * carry tsx's on-the-fly TypeScript compilation (about 50 MB more at baseline).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { startShop } from '#test/fixtures/shop-server.js';
import { round } from './stats.js';
import { syntheticRoutes } from './synthetic-shop.js';

export interface MemoryStats {
  pages: number;
  pageBytes: (number | null)[];
  baselineRssMb: number;
  sampledPeakRssMb: number;
  maxRssMb: number;
  /** maxRssMb minus the baseline: what the scan itself added. */
  scanRssMb: number;
}

const CHILD = fileURLToPath(new URL('./memory-child.ts', import.meta.url));

/** Bundles a bench child script as the scanner is deployed (one ESM file for plain node) into `dir`. */
export async function bundleChild(entry: string, dir: string): Promise<string> {
  const outfile = path.join(dir, `${path.basename(entry, '.ts')}.mjs`);
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'warning',
    // Bundled CommonJS dependencies still call require().
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
  return outfile;
}

function runChild(script: string, origin: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, origin], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`memory child exited ${code}: ${stderr}`))));
  });
}

export async function runMemoryBench(): Promise<MemoryStats> {
  // Any shop folder with a robots.txt will do: the synthetic routes replace its pages.
  const dir = await mkdtemp(path.join(tmpdir(), 'scanner-bench-'));
  const shop = await startShop('real-page-host', { routes: syntheticRoutes() });
  try {
    const script = await bundleChild(CHILD, dir);
    const line = (await runChild(script, shop.origin)).trim().split('\n').pop() ?? '';
    const parsed = JSON.parse(line) as Omit<MemoryStats, 'scanRssMb'>;
    return {
      pages: parsed.pages,
      pageBytes: parsed.pageBytes,
      baselineRssMb: round(parsed.baselineRssMb),
      sampledPeakRssMb: round(parsed.sampledPeakRssMb),
      maxRssMb: round(parsed.maxRssMb),
      scanRssMb: round(parsed.maxRssMb - parsed.baselineRssMb),
    };
  } finally {
    await shop.close();
    await rm(dir, { recursive: true, force: true });
  }
}
