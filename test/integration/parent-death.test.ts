import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { waitUntil } from '../../bin/local/wait-until.js';
import { collectOutput, exited } from './support/child-output.js';
import { dynamoDbLocalOnPort, isRunning } from './support/processes.js';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
const fixture = fileURLToPath(new URL('./support/start-dynamodb-and-wait.ts', import.meta.url));

describe('DynamoDB Local', () => {
  it('does not outlive a parent killed with SIGKILL (no exit handlers run)', { timeout: 90_000 }, async () => {
    const parent = spawn(process.execPath, ['--import', 'tsx', fixture], { cwd: repositoryRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = collectOutput(parent);
    try {
      const [line] = await output.waitFor(/\{"port":\d+,"pid":\d+\}/, 60_000);
      const { port, pid } = JSON.parse(line) as { port: number; pid: number };
      expect(await isRunning(pid)).toBe(true);

      parent.kill('SIGKILL');
      await exited(parent);
      await waitUntil(async () => !(await isRunning(pid)), { timeoutMs: 15_000, description: `DynamoDB Local (pid ${pid}) to exit` });
      expect(await dynamoDbLocalOnPort(port)).toEqual([]);
    } finally {
      if (parent.exitCode === null && parent.signalCode === null) parent.kill('SIGKILL');
    }
  });
});
