import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { repoRoot } from '#lib/paths.js';
import type { SynthesisedTemplate } from './synthesised-template.js';

const synthesiser = fileURLToPath(new URL('./synthesise-template.ts', import.meta.url));
const cacheFolder = path.join(repoRoot, 'node_modules', '.cache', 'agent-readiness');
/** A lock older than this belongs to a synthesis that died: the next caller takes it over. */
const staleLockMs = 180_000;

/**
 * The policies of the stack `cdk synth` would deploy with these context settings. Synthesis takes 10-15 s,
 * so its output is kept under node_modules/.cache, keyed by the contents of every project file the
 * synthesis imports (esbuild's list of them), cdk.json, the lockfile and the context: any change to the
 * stack's code or settings synthesises again. Stacks starting at once (the test projects) synthesise once.
 */
export async function loadSynthesisedTemplate(context: Record<string, string>): Promise<SynthesisedTemplate> {
  const file = path.join(cacheFolder, `iam-template-${await inputsDigest(context)}.json`);
  await mkdir(cacheFolder, { recursive: true });
  const lock = `${file}.lock`;
  while (!(await exists(file))) {
    if (await takeLock(lock)) {
      try {
        if (!(await exists(file))) await synthesise(file, context);
      } finally {
        await rm(lock, { recursive: true, force: true });
      }
    } else {
      await sleep(250);
    }
  }
  return JSON.parse(await readFile(file, 'utf8')) as SynthesisedTemplate;
}

async function inputsDigest(context: Record<string, string>): Promise<string> {
  const { metafile } = await build({
    entryPoints: [synthesiser],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
  });
  const inputs = [...Object.keys(metafile.inputs).map((input) => path.resolve(repoRoot, input)), 'cdk.json', 'package-lock.json'].sort();
  const hash = createHash('sha256').update(JSON.stringify(context));
  for (const input of inputs) hash.update(input).update(await readFile(path.resolve(repoRoot, input)));
  return hash.digest('hex').slice(0, 24);
}

function synthesise(file: string, context: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', synthesiser, file, JSON.stringify(context)], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`Synthesising the stack for the local IAM check failed (exit ${code}): ${errors.trim()}`)),
    );
  });
}

async function takeLock(lock: string): Promise<boolean> {
  try {
    await mkdir(lock);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const age = Date.now() - (await stat(lock).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
    if (age > staleLockMs) await rm(lock, { recursive: true, force: true });
    return false;
  }
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}
