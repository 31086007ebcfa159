/**
 * Web Bot Auth end to end on the local stack: the service serves its key directory, signed with the key
 * it lists, and a scan's signed request verifies with that key (an RFC 9421 verifier written here).
 */
import { createHash, createPublicKey, verify } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { homepage } from '#test/unit/scanner/checks/agent-access/fixtures.js';
import { startLoopbackServer, type LoopbackServer } from '#test/unit/outbound/loopback-server.js';
import { signUp, type SignedIn } from './support/accounts.js';
import { callApi } from './support/http.js';

const path = '/.well-known/http-message-signatures-directory';
/** The stack's PUBLIC_BASE_URL: http://localhost on the API's own port (test/support/local-test-stack.ts). */
const publicAuthority = `localhost:${new URL(inject('apiBaseUrl')).port}`;

interface Jwk {
  kty: string;
  crv: string;
  kid: string;
  x: string;
  use: string;
}

/** One `label=value` member of a dictionary header that has only that member. */
function member(header: string | null | undefined, label: string): string {
  expect(header?.startsWith(`${label}=`), header ?? 'missing').toBe(true);
  return header!.slice(label.length + 1);
}

function verifies(base: string, signatureHeader: string, label: string, jwk: Jwk): boolean {
  const signature = Buffer.from(/^:(.*):$/.exec(member(signatureHeader, label))![1]!, 'base64');
  const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' });
  return verify(null, Buffer.from(base, 'utf8'), publicKey, signature);
}

async function directory(): Promise<{ response: Response; body: string; key: Jwk }> {
  const response = await callApi(path);
  const body = await response.text();
  return { response, body, key: (JSON.parse(body) as { keys: Jwk[] }).keys[0]! };
}

describe('GET /.well-known/http-message-signatures-directory', () => {
  it('serves one Ed25519 key, kid = its thumbprint, with the media type, a day of caching and a possession proof', async () => {
    const { response, body, key } = await directory();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/http-message-signatures-directory+json');
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(JSON.parse(body)).toEqual({ keys: [{ kty: 'OKP', crv: 'Ed25519', kid: key.kid, x: key.x, use: 'sig' }] });
    expect(key.kid).toBe(createHash('sha256').update(`{"crv":"Ed25519","kty":"OKP","x":"${key.x}"}`).digest('base64url'));

    const digest = `sha-256=:${createHash('sha256').update(body).digest('base64')}:`;
    expect(response.headers.get('content-digest')).toBe(digest);
    const input = member(response.headers.get('signature-input'), 'binding');
    expect(input).toMatch(
      new RegExp(
        `^\\("@authority";req "content-digest"\\);created=\\d+;expires=\\d+;keyid="${key.kid}";tag="http-message-signatures-directory"$`,
      ),
    );
    const base = `"@authority";req: ${publicAuthority}\n"content-digest": ${digest}\n"@signature-params": ${input}`;
    expect(verifies(base, response.headers.get('signature')!, 'binding', key)).toBe(true);
  });

  it('needs no key and gives every concurrent caller the same key', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => directory()));
    expect(answers.every(({ response }) => response.status === 200)).toBe(true);
    expect(new Set(answers.map(({ key }) => key.kid)).size).toBe(1);
    const head = await callApi(path, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/http-message-signatures-directory+json');
  });
});

describe('a scan signs one request with the key of that directory', () => {
  let shop: LoopbackServer;
  let user: SignedIn;

  beforeAll(async () => {
    shop = await startLoopbackServer({ '/': (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(homepage) });
    user = await signUp();
  });

  afterAll(async () => {
    await shop.close();
    await user.client.close();
  });

  it('sends a signed request naming the service, which verifies with the published key, and passes web_bot_auth', async () => {
    const scanned = await user.client.call('/api/v1/scan', { method: 'POST', key: user.apiKey, body: { url: `${shop.origin}/` } });
    expect(scanned.status).toBe(200);
    const check = (scanned.body.checks as Array<{ id: string; status: string }>).find((entry) => entry.id === 'web_bot_auth');
    expect(check?.status).toBe('pass');

    const signed = shop.requests.filter((req: IncomingMessage) => req.url === '/' && req.headers.signature !== undefined);
    expect(signed).toHaveLength(1);
    const request = signed[0]!;
    expect(request.headers['signature-agent']).toBe(`sig1="http://${publicAuthority}"`);
    const input = member(request.headers['signature-input'] as string, 'sig1');
    const { key } = await directory();
    expect(input).toContain(`;keyid="${key.kid}";`);
    const base = [
      `"@authority": ${new URL(shop.origin).host}`,
      '"@method": GET',
      '"@path": /',
      `"signature-agent";key="sig1": "http://${publicAuthority}"`,
      `"@signature-params": ${input}`,
    ].join('\n');
    expect(verifies(base, request.headers.signature as string, 'sig1', key)).toBe(true);
  });
});
