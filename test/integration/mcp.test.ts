import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildCli } from '#bin/build-cli.js';
import { scanSummaryOutput } from '#shared/mcp/tool-schemas.js';
import { startShop, type RunningShop } from '#test/fixtures/shop-server.js';
import { setAccount, signUp, type SignedIn } from './support/accounts.js';
import { connectMcp } from './support/mcp-client.js';
import { mcpToolNames } from '#test/support/mcp-tool-names.js';
import { textOf } from '#test/support/mcp-tool-text.js';

let shop: RunningShop;
const clients: Client[] = [];

beforeAll(async () => {
  shop = await startShop('agent-ready');
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await shop.close();
});

async function mcpClient(apiKey: string): Promise<Client> {
  const client = await connectMcp(apiKey);
  clients.push(client);
  return client;
}

async function usageOf(user: SignedIn): Promise<{ dailyScans: number; monthlyApiCalls: number }> {
  return (await user.client.call('/api/v1/account', { key: user.apiKey })).body.usage as { dailyScans: number; monthlyApiCalls: number };
}

describe('MCP over streamable HTTP (POST /mcp)', () => {
  it('answers 401 without a key or with a bad one, refuses a dashboard session, and 405 to GET and DELETE', async () => {
    const user = await signUp();
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
    };
    const headers = { accept: 'application/json, text/event-stream' };
    const missing = await user.client.call('/mcp', { method: 'POST', body: initialize, headers });
    expect([missing.status, missing.body]).toEqual([401, { error: 'Missing API key: send the header "Authorization: Bearer <API_KEY>"' }]);
    const wrong = await user.client.call('/mcp', { method: 'POST', body: initialize, headers, key: 'ars_not_a_key' });
    expect([wrong.status, wrong.body]).toEqual([401, { error: 'Invalid API key' }]);
    const session = await user.client.call('/mcp', { method: 'POST', body: initialize, headers, key: `sess_${'a'.repeat(43)}` });
    expect(session.status).toBe(401);
    expect(session.body.error).toMatch(/^A dashboard session is not an API key/);
    for (const method of ['GET', 'DELETE']) {
      const answer = await user.client.call('/mcp', { method, key: user.apiKey });
      expect(answer.status, method).toBe(405);
      expect(answer.headers.get('allow')).toBe('POST');
    }
    const answered = await user.client.call('/mcp', { method: 'POST', body: initialize, headers, key: user.apiKey });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ jsonrpc: '2.0', id: 1, result: { serverInfo: { name: 'agent-readiness-scanner' } } });
    expect(answered.headers.get('mcp-session-id')).toBeNull();
  });

  it('lists the tools and scans a shop, counted as POST /api/v1/scan counts (one scan, one API call)', async () => {
    const user = await signUp({ tier: 'pro' });
    const client = await mcpClient(user.apiKey);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(mcpToolNames);
    const before = await usageOf(user);

    const scanned = await client.callTool({ name: 'scan_site', arguments: { url: `${shop.origin}/` } });
    expect(scanned.isError, textOf(scanned)).toBeFalsy();
    const summary = scanSummaryOutput.parse(scanned.structuredContent);
    expect(summary).toMatchObject({ tier: 'pro', reportUrl: expect.stringMatching(new RegExp(`/app/scans/${summary.id}$`)) });
    expect(await usageOf(user)).toMatchObject({ dailyScans: before.dailyScans + 1, monthlyApiCalls: before.monthlyApiCalls + 1 });
    // The scan belongs to the account, as a REST scan does.
    const stored = await user.client.call(`/api/v1/scan/${summary.id}`, { key: user.apiKey });
    expect([stored.status, stored.body.score]).toEqual([200, summary.score]);
    expect((await client.callTool({ name: 'get_result', arguments: { id: summary.id } })).structuredContent).toEqual(summary);

    const tooHigh = await client.callTool({ name: 'scan_site', arguments: { url: `${shop.origin}/`, tier: 'growth' } });
    expect([tooHigh.isError, textOf(tooHigh)]).toEqual([true, 'A growth-tier scan needs the growth tier or above; this account is on pro']);
    const blocked = await client.callTool({ name: 'scan_site', arguments: { url: 'http://169.254.169.254/' } });
    const rest = await user.client.call('/api/v1/scan', { method: 'POST', key: user.apiKey, body: { url: 'http://169.254.169.254/' } });
    expect(rest.status).toBe(400);
    expect([blocked.isError, textOf(blocked)]).toEqual([true, rest.body.error]);
    expect((await usageOf(user)).dailyScans).toBe(before.dailyScans + 1);

    // A re-check of that scan runs the route's use case: one more scan, the scan's own checks judged again.
    const rechecked = await client.callTool({ name: 'recheck', arguments: { scanId: summary.id, checks: ['llms_txt'] } });
    expect(rechecked.isError, textOf(rechecked)).toBeFalsy();
    const llmsTxt = summary.checks.find((check) => check.id === 'llms_txt')!;
    expect(rechecked.structuredContent).toMatchObject({
      scanId: summary.id,
      checks: [{ checkId: 'llms_txt', before: { status: llmsTxt.status }, after: { status: llmsTxt.status }, fixed: false }],
    });
    expect((await usageOf(user)).dailyScans).toBe(before.dailyScans + 2);
    const elsewhere = await client.callTool({ name: 'recheck', arguments: { scanId: '0a0a0a0a-0000-4000-8000-000000000000' } });
    expect([elsewhere.isError, textOf(elsewhere)]).toEqual([true, 'Scan not found']);
  }, 60_000);

  it('holds the monthly allowance when tool calls race at the limit, with the REST message', async () => {
    const user = await signUp();
    await setAccount(user.accountId, { apiCallsMonth: new Date().toISOString().slice(0, 7), monthlyApiCalls: 97 });
    const client = await mcpClient(user.apiKey);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => client.callTool({ name: 'get_result', arguments: { id: '0a0a0a0a-0000-4000-8000-000000000000' } })),
    );
    const messages = answers.map(textOf);
    expect(answers.every((answer) => answer.isError)).toBe(true);
    expect(messages.filter((message) => message === 'Scan not found')).toHaveLength(3);
    expect(
      messages.filter((message) => message === 'Monthly API call limit reached: 100 calls per calendar month on the free plan'),
    ).toHaveLength(5);
    expect((await usageOf(user)).monthlyApiCalls).toBe(100);
  });

  it('lists and adds watched sites with the REST scopes and limits', async () => {
    const growth = await signUp({ tier: 'growth' });
    const client = await mcpClient(growth.apiKey);
    const added = await client.callTool({ name: 'watch_site', arguments: { url: 'https://mcp-watch.example.com/' } });
    expect(added.isError, textOf(added)).toBeFalsy();
    const listed = await client.callTool({ name: 'list_watched_sites', arguments: {} });
    expect(listed.structuredContent).toMatchObject({ used: 1, sites: [{ url: 'https://mcp-watch.example.com/' }] });
    const again = await client.callTool({ name: 'watch_site', arguments: { url: 'https://mcp-watch.example.com/' } });
    expect([again.isError, textOf(again)]).toEqual([true, 'https://mcp-watch.example.com/ is already on the watchlist']);

    // A key with the default scope only (scanner:read) is refused the watchlist, as on REST.
    const created = await growth.client.call('/api/v1/account/api-keys', {
      method: 'POST',
      key: growth.apiKey,
      body: { label: 'scans only' },
    });
    const reader = await mcpClient(created.body.fullKey as string);
    const refused = await reader.callTool({ name: 'list_watched_sites', arguments: {} });
    expect([refused.isError, textOf(refused)]).toEqual([true, 'This API key lacks the scope sites:read']);

    // A free key at its plan's limit: concurrent adds hold it, the refusals in REST's words.
    const free = await signUp();
    const freeClient = await mcpClient(free.apiKey);
    const adds = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        freeClient.callTool({ name: 'watch_site', arguments: { url: `https://free${index}.example.com/` } }),
      ),
    );
    expect(adds.filter((answer) => !answer.isError)).toHaveLength(3);
    const limit = await free.client.call('/api/v1/watched-sites', {
      method: 'POST',
      key: free.apiKey,
      body: { url: 'https://free9.example.com/' },
    });
    expect(limit.status).toBe(403);
    expect(adds.filter((answer) => answer.isError).map(textOf)).toEqual([limit.body.error, limit.body.error]);
  });

  it('serves the same tools over stdio against the service with AGENT_READINESS_API_URL and _KEY', async () => {
    const growth = await signUp({ tier: 'growth' });
    await growth.client.call('/api/v1/watched-sites', {
      method: 'POST',
      key: growth.apiKey,
      body: { url: 'https://stdio-watch.example.com/' },
    });
    const buildDir = await mkdtemp(path.join(tmpdir(), 'mcp-service-'));
    try {
      const cli = await buildCli(path.join(buildDir, 'scan.mjs'));
      const env = Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined));
      const client = new Client({ name: 'mcp-stdio-service-test', version: '1.0.0' });
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: [cli, 'mcp'],
          env: { ...env, AGENT_READINESS_API_URL: inject('apiBaseUrl'), AGENT_READINESS_API_KEY: growth.apiKey },
          stderr: 'pipe',
        }),
      );
      try {
        const listed = await client.callTool({ name: 'list_watched_sites', arguments: {} });
        expect(listed.structuredContent).toMatchObject({ used: 1, sites: [{ url: 'https://stdio-watch.example.com/' }] });
        // No site is marked a competitor yet: the REST comparison is empty, and the tool says what to do.
        const compared = await client.callTool({ name: 'compare_sites', arguments: {} });
        expect(compared.structuredContent).toEqual({ comparisons: [], shown: 0, total: 0 });
        expect(textOf(compared)).toMatch(/^Nothing to compare: mark a watched site as a competitor/);
        const missing = await client.callTool({ name: 'get_result', arguments: { id: '0b0b0b0b-0000-4000-8000-000000000000' } });
        expect([missing.isError, textOf(missing)]).toEqual([true, 'Scan not found']);
        // The REST route's validation answers through the client backend, before any scan is looked up.
        const unknown = await client.callTool({
          name: 'recheck',
          arguments: { scanId: '0b0b0b0b-0000-4000-8000-000000000000', checks: ['nope'] },
        });
        expect(unknown.isError).toBe(true);
        expect(textOf(unknown)).toContain('unknown check nope');
      } finally {
        await client.close();
      }
    } finally {
      await rm(buildDir, { recursive: true, force: true });
    }
  }, 60_000);
});
