import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { exited } from './support/child-output.js';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));

describe('npm run load', () => {
  it('starts its own service, runs every route for a few seconds, checks the invariants and ends with one JSON line', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/load/run.ts', '--seconds', '3'], {
      cwd: repositoryRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const { code } = await exited(child);
    const lines = stdout.trim().split('\n');
    const summary = JSON.parse(lines.at(-1)!) as {
      requests: number;
      errors5xx: number;
      invariantsFailed: number;
      routes: Record<string, { sent: number; rps: number; p50: number; p99: number }>;
      invariants: Record<string, boolean>;
    };
    expect(summary, stderr).toMatchObject({ errors5xx: 0, invariantsFailed: 0 });
    expect(code).toBe(0);
    expect(Object.keys(summary.routes).sort()).toEqual(['accountRead', 'addWatchedSite', 'batchScan', 'createKey', 'publicScan', 'scan']);
    // Every route was exercised; whether its answers came inside three seconds depends on the machine's load.
    for (const figures of Object.values(summary.routes)) expect(figures.sent).toBeGreaterThan(0);
    expect(summary.requests).toBeGreaterThan(0);
    expect(Object.keys(summary.invariants)).toEqual(
      expect.arrayContaining([
        'usage.scans.monthlyApiCalls',
        'watchedSites.concurrentCreatesListN',
        'batches.reachFinalState',
        'webhooks.loggedOnce',
      ]),
    );
  }, 120_000);
});
