/**
 * What `npm run scan` starts: loads the bundled command line (scan-core.cjs beside this file) with V8's
 * code cache. The first run compiles it and, once its scans are done, saves the compiled code, the
 * functions the scan ran included; later runs start from that instead of compiling about 1 MB of
 * JavaScript and warming up again. A cache that cannot be read or written only costs the compile.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire, Module } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

/** Set by the build: the core's file name carries its content hash, so a stale cache is never offered. */
declare const CLI_CORE_FILE: string;

const here = path.dirname(fileURLToPath(import.meta.url));
const corePath = path.join(here, CLI_CORE_FILE);
const cacheDirs = [path.join(here, '.cache'), path.join(tmpdir(), 'agent-readiness-scan-cache')];

function readCache(): Buffer | undefined {
  for (const dir of cacheDirs) {
    try {
      return readFileSync(path.join(dir, `${CLI_CORE_FILE}.v8cache`));
    } catch {
      // not cached there
    }
  }
  return undefined;
}

function writeCache(data: Buffer): void {
  for (const dir of cacheDirs) {
    try {
      mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `${CLI_CORE_FILE}.v8cache`);
      const partial = `${file}.${process.pid}`;
      writeFileSync(partial, data);
      renameSync(partial, file);
      return;
    } catch {
      // read-only install: try the next place
    }
  }
}

const cachedData = readCache();
const script = new vm.Script(Module.wrap(readFileSync(corePath, 'utf8')), { filename: corePath, cachedData });
const module = { exports: {} as { main: (argv: string[]) => Promise<number> } };
(script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(corePath), module, corePath, here);
const exitCode = await module.exports.main(process.argv.slice(2));
if (cachedData === undefined || script.cachedDataRejected === true) writeCache(script.createCachedData());
// The scans are over and their connections closed; waiting for the event loop to drain on its own
// took another 30-60 ms. Exit once everything written to stdout has been flushed.
// eslint-disable-next-line no-restricted-properties -- writes nothing: waits for what was printed to flush
process.stdout.write('', () => process.exit(exitCode));
