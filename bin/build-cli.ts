/**
 * Bundles the scanner's command line (bin/scan.ts) into one JavaScript file, so `npm run scan` and
 * `npx agent-readiness-scan` start on plain node instead of compiling TypeScript on every run. Runs on
 * install (`prepare`); `npm run build:cli` rebuilds after a change. `--outfile <path>` builds elsewhere (tests).
 */
import { chmod } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const cliEntry = fileURLToPath(new URL('./scan.ts', import.meta.url));
export const defaultCliOutfile = fileURLToPath(new URL('../dist/cli/scan.mjs', import.meta.url));

export async function buildCli(outfile = defaultCliOutfile): Promise<string> {
  await build({
    entryPoints: [cliEntry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    minify: true,
    legalComments: 'none',
    outfile,
    logLevel: 'warning',
    // The shebang lets npx and a shell run it; bundled CommonJS dependencies still call require().
    banner: { js: "#!/usr/bin/env node\nimport { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
  await chmod(outfile, 0o755);
  return outfile;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--outfile');
  const outfile = await buildCli(at > 0 ? process.argv[at + 1] : undefined);
  console.error(`Built ${outfile}`);
}
