import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { waitUntil } from '../../bin/local/wait-until.js';
import { collectOutput, exited } from './support/child-output.js';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));

/** `npm start` on free ports with a given data folder; resolves once it is ready. */
async function npmStart(dataDir: string) {
  const child = spawn('npm', ['start'], {
    cwd: repositoryRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: '0', DYNAMODB_PORT: '0', SQS_PORT: '0', SES_PORT: '0', DATA_DIR: dataDir, PUBLIC_BASE_URL: '', KEY_PEPPER: '', RESCAN_INTERVAL_SECONDS: '0', LOG_LEVEL: 'ERROR' },
  });
  const output = collectOutput(child);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    process.kill(-child.pid!, 'SIGINT');
    await exited(child);
  };
  try {
    const [, api, ses] = await output.waitFor(/Local stack ready: API (http:\/\/127\.0\.0\.1:\d+) .*· SES (http:\/\/127\.0\.0\.1:\d+)/, 60_000);
    return { api: api!, ses: ses!, stop };
  } catch (error) {
    process.kill(-child.pid!, 'SIGKILL');
    throw error;
  }
}

async function json(response: Response): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}

describe('npm start, signed in', () => {
  it('signs in by e-mail link, and the key still works after a restart on the same DATA_DIR', { timeout: 150_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'readiness-npm-start-sign-in-'));
    try {
      const first = await npmStart(dataDir);
      let apiKey = '';
      try {
        const post = (path: string, body: unknown) => fetch(`${first.api}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        expect((await post('/api/v1/auth/register', { email: 'owner@shop.example.com' })).status).toBe(202);
        let text = '';
        await waitUntil(
          async () => {
            const { emails } = (await json(await fetch(`${first.ses}/store`))) as { emails: Array<{ body: { text: string } }> };
            text = emails[0]?.body.text ?? '';
            return text !== '';
          },
          { timeoutMs: 15_000, intervalMs: 100, description: 'the sign-in mail' },
        );
        // The link points at the running server (PUBLIC_BASE_URL defaults to it), not at a request's Host.
        const link = /(http:\/\/localhost:\d+\/api\/v1\/auth\/verify\?token=([\w-]{43}))/.exec(text);
        expect(link?.[1]).toContain(new URL(first.api).port);
        expect((await fetch(link![1]!.replace('localhost', '127.0.0.1'))).status).toBe(200);
        const verified = await post('/api/v1/auth/verify', { token: link![2] });
        expect(verified.status).toBe(200);
        apiKey = (await json(verified)).apiKey as string;
        expect((await fetch(`${first.api}/api/v1/account`, { headers: { authorization: `Bearer ${apiKey}` } })).status).toBe(200);
      } finally {
        await first.stop();
      }

      const second = await npmStart(dataDir);
      try {
        const account = await fetch(`${second.api}/api/v1/account`, { headers: { authorization: `Bearer ${apiKey}` } });
        expect(account.status).toBe(200);
        expect((await json(account)).email).toBe('owner@shop.example.com');
      } finally {
        await second.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
