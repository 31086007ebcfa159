import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Tier } from '#shared/model/tiers.js';
import { waitUntil } from '../../bin/local/wait-until.js';
import { npmStart, type StartedService } from '#test/integration/support/npm-start.js';

/**
 * A whole local service for a command that drives it from outside (load, fuzz): `npm start` in a
 * process group of its own, on free loopback ports, with its DynamoDB data in a temporary folder
 * (on disk, so a restarted DynamoDB Local finds it again). `stop` ends the group and removes the folder.
 */
export interface LocalService extends StartedService {
  dataDir: string;
}

export async function startLocalService(env: Record<string, string> = {}): Promise<LocalService> {
  const dataDir = await mkdtemp(join(tmpdir(), 'readiness-service-'));
  try {
    const started = await npmStart(dataDir, env);
    return {
      ...started,
      dataDir,
      stop: async () => {
        await started.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** Only loopback: these commands must never send traffic anywhere else. */
export function assertLoopback(url: string): URL {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' || !/^127(?:\.\d{1,3}){3}$/.test(parsed.hostname)) {
    throw new Error(`${url} is not an http://127.x.y.z address: this command sends traffic to loopback only`);
  }
  return parsed;
}

interface StoredMail {
  destination: { to: string[] };
  body: { text: string };
}

async function post(api: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${api}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Registers `email` through the magic-link mail the local SES stand-in keeps, and returns the account's API key. */
export async function signUp(service: Pick<StartedService, 'api' | 'ses'>, email: string): Promise<string> {
  await post(service.api, '/api/v1/auth/register', { email });
  let token = '';
  await waitUntil(
    async () => {
      const { emails } = (await (await fetch(`${service.ses}/store`)).json()) as { emails: StoredMail[] };
      const mail = emails.filter((entry) => entry.destination.to.includes(email)).at(-1);
      token = /verify\?token=([\w-]{43})/.exec(mail?.body.text ?? '')?.[1] ?? '';
      return token !== '';
    },
    { timeoutMs: 30_000, intervalMs: 100, description: `the sign-in mail to ${email}` },
  );
  const verified = await post(service.api, '/api/v1/auth/verify', { token });
  return verified.apiKey as string;
}

/** Moves the account to a paid tier through the local billing provider's checkout page (no Stripe). */
export async function subscribe(service: Pick<StartedService, 'api'>, apiKey: string, tier: Exclude<Tier, 'free'>): Promise<void> {
  const checkout = await post(service.api, '/api/v1/account/subscribe', { tier }, { authorization: `Bearer ${apiKey}` });
  // The link names PUBLIC_BASE_URL (localhost); the same path on the API's own 127.0.0.1 origin.
  const completed = await fetch(`${service.api}${new URL(checkout.checkoutUrl as string).pathname}/complete`, {
    method: 'POST',
    redirect: 'manual',
  });
  if (completed.status >= 400) throw new Error(`Completing the local checkout answered ${completed.status}`);
  await waitUntil(
    async () => {
      const account = (await (await fetch(`${service.api}/api/v1/account`, { headers: { authorization: `Bearer ${apiKey}` } })).json()) as {
        tier?: string;
      };
      return account.tier === tier;
    },
    { timeoutMs: 15_000, intervalMs: 100, description: `the account on the ${tier} tier` },
  );
}
