import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { callApi } from './support/http.js';

async function expectErrorBody(response: Response): Promise<void> {
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as { error?: unknown };
  expect(typeof body.error).toBe('string');
}

describe('routing through the dev server', () => {
  it('answers an unknown path with 404 {"error"}', async () => {
    const response = await callApi(`/api/no-such-thing/${randomUUID()}`);
    expect(response.status).toBe(404);
    await expectErrorBody(response);
  });

  it('answers an unknown page path with the HTML 404 page, and unknown API and well-known paths with JSON', async () => {
    const page = await callApi('/no-such-page', { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const text = await page.text();
    expect(text).toContain('<h1>There is no page here</h1>');
    expect(text).toContain('href="/"');
    // curl's */* is a page request too; only a client asking for JSON alone gets JSON on a page path.
    expect((await callApi('/no-such-page', { headers: { accept: '*/*' } })).headers.get('content-type')).toMatch(/^text\/html/);
    const head = await callApi('/no-such-page', { method: 'HEAD' });
    expect(head.status).toBe(404);
    for (const [path, accept] of [
      ['/no-such-page', 'application/json'],
      ['/api/no-such-page', 'text/html'],
      ['/.well-known/no-such-file', 'text/html'],
    ] as const) {
      const response = await callApi(path, { headers: { accept } });
      expect(response.status, path).toBe(404);
      await expectErrorBody(response);
    }
    const posted = await callApi('/no-such-page', { method: 'POST', headers: { accept: 'text/html' } });
    expect(posted.status).toBe(404);
    await expectErrorBody(posted);
  });

  it('answers a wrong method on a known path with 405 and an Allow header', async () => {
    const response = await callApi('/api/health', { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    await expectErrorBody(response);
  });

  it('lists every method of a path in Allow', async () => {
    const response = await callApi('/api/v1/auth/verify', { method: 'PUT' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')?.split(/,\s*/).sort()).toEqual(['GET', 'HEAD', 'POST']);
  });

  it('answers an invalid UUID in {id} with 400', async () => {
    const response = await callApi('/api/results/not-a-uuid');
    expect(response.status).toBe(400);
    await expectErrorBody(response);
  });

  it('answers a body over MAX_REQUEST_BODY_BYTES (64 KiB) with 413 from the handler', async () => {
    const response = await callApi('/api/v1/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'someone@example.com', padding: 'x'.repeat(70_000) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: 'Request body exceeds the limit of 65,536 bytes' });
  });

  it("answers a body over the gateway's 1 MiB cap with 413 before any handler runs", async () => {
    const response = await callApi('/api/scan', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(2 * 1_048_576),
    });
    expect(response.status).toBe(413);
    // The service's cap, not the gateway's: the client only needs to know what it may send.
    expect(await response.json()).toEqual({ error: 'Request body exceeds the limit of 65,536 bytes' });
  });

  it('answers a CORS preflight with 204 and the allowed methods and headers', async () => {
    const response = await callApi('/api/scan', {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')).toContain('content-type');
    // A browser-based MCP client sends the protocol version with every POST /mcp.
    expect(response.headers.get('access-control-allow-headers')?.split(',')).toContain('mcp-protocol-version');
    expect(response.headers.get('access-control-expose-headers')?.split(',')).toEqual([
      'retry-after',
      'x-request-id',
      'ratelimit-limit',
      'ratelimit-remaining',
    ]);
  });

  it('lets browser code read Retry-After, X-Request-Id and the RateLimit headers on real answers', async () => {
    const response = await callApi('/api/v1/account/plans', { headers: { origin: 'https://app.example' } });
    expect(response.headers.get('access-control-expose-headers')?.split(',')).toEqual([
      'retry-after',
      'x-request-id',
      'ratelimit-limit',
      'ratelimit-remaining',
    ]);
  });

  it('answers HEAD like GET without a body, 404 included', async () => {
    const get = await callApi('/api/v1/account/plans');
    const getBody = await get.text();
    const head = await callApi('/api/v1/account/plans', { method: 'HEAD' });
    expect(head.status).toBe(get.status);
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(getBody)));
    expect(await head.text()).toBe('');
    const missing = await callApi(`/api/results/${randomUUID()}`, { method: 'HEAD' });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('');
  });

  it('asks for a Bearer key on 401, and sends no deprecated or empty security headers', async () => {
    const response = await callApi('/api/v1/account', { headers: { authorization: 'Bearer nope' } });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer realm="api", error="invalid_token"/);
    for (const absent of ['x-xss-protection', 'report-to', 'reporting-endpoints']) expect(response.headers.get(absent)).toBeNull();
    for (const [name, value] of response.headers) expect(value, name).not.toBe('');
  });

  it('tags every answer with a fresh request id', async () => {
    const [first, second] = await Promise.all([callApi('/api/v1/account/plans'), callApi('/api/v1/account/plans')]);
    const ids = [first.headers.get('x-request-id'), second.headers.get('x-request-id')];
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });
});
