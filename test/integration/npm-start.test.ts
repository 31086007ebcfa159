import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { waitUntil } from '../../bin/local/wait-until.js';
import { collectOutput, exited } from './support/child-output.js';
import { dynamoDbLocalOnPort, listProcesses } from './support/processes.js';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));

describe('npm start', () => {
  it('serves the API until Ctrl-C, then stops every process it started', { timeout: 90_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'readiness-npm-start-'));
    // Its own process group, so the SIGINT below reaches npm, the shell, tsx and node as a terminal's Ctrl-C does.
    const child = spawn('npm', ['start'], {
      cwd: repositoryRoot,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PORT: '0',
        DYNAMODB_PORT: '0',
        SQS_PORT: '0',
        SES_PORT: '0',
        DATA_DIR: dataDir,
        PUBLIC_BASE_URL: '',
        RESCAN_INTERVAL_SECONDS: '0',
        ALLOW_PRIVATE_TARGETS: '127.0.0.1',
      },
    });
    const group = child.pid!;
    const output = collectOutput(child);
    try {
      const [, apiUrl, dynamodbPort] = await output.waitFor(
        /Local stack ready: API (http:\/\/127\.0\.0\.1:\d+) · DynamoDB http:\/\/127\.0\.0\.1:(\d+)/,
        60_000,
      );
      const health = await fetch(`${apiUrl}/api/health`);
      expect(health.status).toBe(200);
      // The health check's own calls (the table and every queue, as the meta function) passed the local IAM check.
      const iam = (await (await fetch(`${apiUrl}/_local/iam`)).json()) as { checked: number; byFunction: object; refused: unknown[] };
      expect(iam).toMatchObject({ byFunction: { meta: expect.any(Number) as number }, refused: [] });
      expect(iam.checked).toBeGreaterThanOrEqual(6);
      expect(output.text()).toMatch(/WARNING: ALLOW_PRIVATE_TARGETS=127\.0\.0\.1/);
      expect(await dynamoDbLocalOnPort(Number(dynamodbPort))).toHaveLength(1);

      process.kill(-group, 'SIGINT');
      // npm itself ends by re-raising the SIGINT (exit status 130 in a shell); the dev server below it exits 0.
      await exited(child);
      // Stopping waits, one after another, up to 2 s for requests in flight, 2 s for the queue pollers and 5 s
      // for DynamoDB Local before killing it; on a CI machine busy bundling every function, that took more than
      // 15 s once. The bound is for a stop that ends cleanly at all; its figure is in the output.
      await waitUntil(() => /Local stack stopped in \d+ ms\./.test(output.text()), {
        timeoutMs: 30_000,
        description: 'the dev server to report a clean stop',
      }).catch((error: unknown) => {
        throw new Error(`${(error as Error).message}; its output:\n${output.text().slice(-4_000)}`);
      });
      expect(output.text()).not.toMatch(/exiting without waiting|Stopping the local stack failed/);

      await waitUntil(async () => (await dynamoDbLocalOnPort(Number(dynamodbPort))).length === 0, {
        timeoutMs: 10_000,
        description: `no DynamoDB Local on port ${dynamodbPort}`,
      });
      expect((await listProcesses()).filter((info) => info.processGroup === group)).toEqual([]);
      expect(existsSync(join(dataDir, 'dynamodb', 'shared-local-instance.db'))).toBe(true);
    } finally {
      if (child.exitCode === null && child.signalCode === null) process.kill(-group, 'SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
