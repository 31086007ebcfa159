import { describe, expect, it } from 'vitest';
import { getConfig } from '#shared/config.js';
import { signUp, type SignedIn } from '../support/accounts.js';
import { connectMcp } from '../support/mcp-client.js';
import { textOf } from '#test/support/mcp-tool-text.js';

const config = getConfig();
/** What a browser sends on the dashboard's own fetches (no script can set it). */
const fromDashboard = { 'sec-fetch-site': 'same-origin' };

const account = (user: SignedIn, headers: Record<string, string> = {}) =>
  user.client.call('/api/v1/account', { key: user.apiKey, headers });

/** `count` calls, `inParallel` at a time (one at a time: each answer's RateLimit-Remaining is then exact). */
async function calls(count: number, inParallel: number, call: () => ReturnType<typeof account>) {
  const answers = [];
  for (let start = 0; start < count; start += inParallel)
    answers.push(...(await Promise.all(Array.from({ length: Math.min(inParallel, count - start) }, call))));
  return answers;
}

describe('the dashboard’s own calls and the API clients’ hourly limit (issue 41, item 5)', () => {
  it('counts the dashboard’s calls apart: using it past the API limit leaves the API and MCP their whole allowance', async () => {
    const user = await signUp();
    const dashboard = await calls(config.accountRoutesLimitPerHour + 10, 1, () => account(user, fromDashboard));
    expect(dashboard.map((answer) => answer.status)).toEqual(Array(config.accountRoutesLimitPerHour + 10).fill(200));
    expect(dashboard[0]!.headers.get('ratelimit-limit')).toBe(String(config.dashboardRoutesLimitPerHour));
    const remaining = dashboard.map((answer) => Number(answer.headers.get('ratelimit-remaining')));
    expect(Math.min(...remaining)).toBe(config.dashboardRoutesLimitPerHour - config.accountRoutesLimitPerHour - 10);

    // The API key's own calls still have all of theirs, and MCP answers.
    const api = await account(user);
    expect([api.status, api.headers.get('ratelimit-limit'), api.headers.get('ratelimit-remaining')]).toEqual([
      200,
      String(config.accountRoutesLimitPerHour),
      String(config.accountRoutesLimitPerHour - 1),
    ]);
    const mcp = await connectMcp(user.apiKey);
    try {
      const sites = await mcp.callTool({ name: 'list_watched_sites', arguments: {} });
      expect(sites.isError, textOf(sites)).toBeFalsy();
    } finally {
      await mcp.close();
    }
  });

  it('refuses the API past its limit with Retry-After, while the dashboard goes on', async () => {
    const user = await signUp();
    const api = await calls(config.accountRoutesLimitPerHour, 1, () => account(user));
    expect(api.every((answer) => answer.status === 200)).toBe(true);
    expect(api.map((answer) => Number(answer.headers.get('ratelimit-remaining'))).sort((a, b) => a - b)[0]).toBe(0);
    const refused = await account(user);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.error).toBe(`Rate limit exceeded: ${config.accountRoutesLimitPerHour} requests per hour`);
    const dashboard = await account(user, fromDashboard);
    expect([dashboard.status, dashboard.headers.get('ratelimit-remaining')]).toEqual([200, String(config.dashboardRoutesLimitPerHour - 1)]);
  });
});
