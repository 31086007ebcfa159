/**
 * Bundles the scanner's command line (bin/cli/cli-main.ts: scans, and the `mcp` server) into JavaScript, so `npm run scan` and
 * `npx agent-readiness-scan` start on plain node instead of compiling TypeScript on every run. Runs on
 * install (`prepare`); `npm run build:cli` rebuilds after a change. `--outfile <path>` builds elsewhere (tests).
 */
import { createHash } from 'node:crypto';
import { chmod, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const coreEntry = fileURLToPath(new URL('./cli/cli-main.ts', import.meta.url));
const launcherEntry = fileURLToPath(new URL('./cli/launcher.ts', import.meta.url));
export const defaultCliOutfile = fileURLToPath(new URL('../dist/cli/scan.mjs', import.meta.url));

/**
 * Two files: the command line as one CommonJS bundle named by its content hash, and the small launcher
 * (`outfile`, what `bin` names) that loads it through V8's code cache (bin/cli/launcher.ts).
 */
export async function buildCli(outfile = defaultCliOutfile): Promise<string> {
  const dir = path.dirname(outfile);
  const core = await build({
    entryPoints: [coreEntry],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    minify: true,
    legalComments: 'none',
    write: false,
    outfile: path.join(dir, 'scan-core.cjs'),
    logLevel: 'warning',
  });
  const code = core.outputFiles[0]!.contents;
  const coreFile = `scan-core.${createHash('sha256').update(code).digest('hex').slice(0, 16)}.cjs`;
  await mkdir(dir, { recursive: true });
  for (const stale of (await readdir(dir)).filter((name) => /^scan-core\..*\.cjs$/.test(name) && name !== coreFile))
    await rm(path.join(dir, stale), { force: true });
  await writeFile(path.join(dir, coreFile), code);
  await build({
    entryPoints: [launcherEntry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'warning',
    define: { CLI_CORE_FILE: JSON.stringify(coreFile) },
    banner: { js: '#!/usr/bin/env node' },
  });
  await chmod(outfile, 0o755);
  return outfile;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--outfile');
  const outfile = await buildCli(at > 0 ? process.argv[at + 1] : undefined);
  console.error(`Built ${outfile}`);
}
