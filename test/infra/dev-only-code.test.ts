import { existsSync } from 'node:fs';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { families } from '#shared/http/route-types.js';
import { workerNames, type FunctionName } from '#lib/function-catalog.js';
import { esbuildOptions } from '#lib/function-bundling.js';
import { entryPath, repoRoot } from '#lib/paths.js';

/**
 * Code only the local stack runs stays out of what is deployed (docs/decisions/098-dev-only-code-injected-locally.md).
 * Each function is bundled with the stack's settings (lib/function-bundling.ts) and esbuild's metafile
 * lists the source files that went into it: exact, where a search of minified code would guess.
 */
const devOnlyFiles = ['bin/local/event-adapter.ts', 'bin/local/local-billing.ts', 'bin/local/local-billing-store.ts'];
/**
 * Folders no deployed code may draw from: the local stack, the tests, the bench, the pages' browser code (the
 * functions read its built bundles as files) and the bundler that builds it.
 */
const toolFolders = ['bin/', 'test/', 'bench/', 'browser/', 'node_modules/esbuild/'];

async function bundledInputs(name: FunctionName, entry: string): Promise<Metafile['inputs']> {
  const result = await build({
    ...esbuildOptions(name),
    entryPoints: [entry],
    write: false,
    outfile: path.join(repoRoot, 'out', 'index.mjs'),
    absWorkingDir: repoRoot,
    metafile: true,
  });
  return result.metafile.inputs;
}

let inputsByFunction: Map<FunctionName, string[]>;

beforeAll(async () => {
  const entries: Array<[FunctionName, string]> = [
    ...families.map((family): [FunctionName, string] => [family, entryPath('http', family)]),
    ...workerNames.map((worker): [FunctionName, string] => [worker, entryPath('workers', worker)]),
  ];
  const inputs = await Promise.all(entries.map(async ([name, entry]) => Object.keys(await bundledInputs(name, entry))));
  inputsByFunction = new Map(entries.map(([name], index) => [name, inputs[index]!]));
}, 120_000);

describe('deployed bundles', () => {
  it('name the dev-only files where they are, so the check below cannot pass on a stale path', () => {
    expect(devOnlyFiles.filter((file) => !existsSync(path.join(repoRoot, file)))).toEqual([]);
  });

  it('read their inputs from the metafile (the billing function holds the Stripe provider)', () => {
    expect(inputsByFunction.size).toBe(families.length + workerNames.length);
    expect(inputsByFunction.get('billing')).toContain('shared/adapters/billing/stripe-billing.ts');
  });

  it('contain neither the event adapter nor the local billing provider and its store, nor tools, browser code or esbuild', () => {
    const found = [...inputsByFunction].flatMap(([name, inputs]) =>
      inputs
        .filter((file) => devOnlyFiles.includes(file) || toolFolders.some((folder) => file.startsWith(folder)))
        .map((file) => `${name}: ${file}`),
    );
    expect(found).toEqual([]);
  });
});
