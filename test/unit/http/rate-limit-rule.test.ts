import { describe, expect, it } from 'vitest';
import { allowanceHeaders, ruleFor } from '#shared/http/rate-limit-step.js';
import { accountRouteLimits } from '#shared/http/routes/account-route-limits.js';
import { routeList } from '#shared/http/routes.js';

const { rateLimit } = accountRouteLimits({ accountRoutesLimitPerHour: 120, dashboardRoutesLimitPerHour: 1_200 });

describe('the bucket a request counts against', () => {
  it('puts the service’s own pages (Sec-Fetch-Site: same-origin) in a bucket of their own with its own limit', () => {
    expect(ruleFor(rateLimit, { headers: { 'sec-fetch-site': 'same-origin' } })).toMatchObject({
      name: 'account-routes-pages',
      limit: 1_200,
      per: 'account',
      windowSeconds: 3_600,
      counts: 'requests from the dashboard',
    });
    // Another site's page, a browser's address bar, and a client that sends nothing count as API clients.
    const others: Array<Record<string, string>> = [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'none' }, {}];
    for (const headers of others) expect(ruleFor(rateLimit, { headers })).toBe(rateLimit);
  });

  it('keeps one bucket for rules without one for pages (MCP messages, public scans)', () => {
    const withoutPages = routeList.flatMap((route) => (route.rateLimit && !route.rateLimit.ownPages ? [route.rateLimit] : []));
    expect(withoutPages.length).toBeGreaterThan(0);
    for (const rule of withoutPages) expect(ruleFor(rule, { headers: { 'sec-fetch-site': 'same-origin' } })).toBe(rule);
  });

  it('states what is left as RateLimit-Limit and RateLimit-Remaining, never below zero', () => {
    expect(allowanceHeaders({ limit: 120, remaining: 7 })).toEqual({ 'ratelimit-limit': '120', 'ratelimit-remaining': '7' });
    expect(allowanceHeaders({ limit: 120, remaining: -2 })).toEqual({ 'ratelimit-limit': '120', 'ratelimit-remaining': '0' });
  });
});
