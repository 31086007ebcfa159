import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { waitUntil } from '../../bin/local/wait-until.js';
import { npmStart } from './support/npm-start.js';

async function json(response: Response): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}

describe('npm start, signed in', () => {
  it(
    'signs in by e-mail link, the key still works after a restart on the same DATA_DIR, and signing in again keeps it',
    { timeout: 150_000 },
    async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'readiness-npm-start-sign-in-'));
      try {
        const first = await npmStart(dataDir);
        let apiKey = '';
        try {
          const post = (path: string, body: unknown) =>
            fetch(`${first.api}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
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

          // A free account signing in again keeps its one key: the link opens a dashboard session instead.
          const post = (path: string, body: unknown) =>
            fetch(`${second.api}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
          expect((await post('/api/v1/auth/register', { email: 'owner@shop.example.com' })).status).toBe(202);
          let token = '';
          await waitUntil(
            async () => {
              const { emails } = (await json(await fetch(`${second.ses}/store`))) as { emails: Array<{ body: { text: string } }> };
              token = /verify\?token=([\w-]{43})/.exec(emails[0]?.body.text ?? '')?.[1] ?? '';
              return token !== '';
            },
            { timeoutMs: 15_000, intervalMs: 100, description: 'the second sign-in mail' },
          );
          const again = await json(await post('/api/v1/auth/verify', { token }));
          expect(again.kind).toBe('session');
          expect((await fetch(`${second.api}/api/v1/account`, { headers: { authorization: `Bearer ${apiKey}` } })).status).toBe(200);
          const overview = await fetch(`${second.api}/api/v1/account/overview`, {
            headers: { authorization: `Bearer ${again.sessionToken as string}` },
          });
          expect(overview.status).toBe(200);
        } finally {
          await second.stop();
        }
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  );
});
