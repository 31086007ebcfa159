import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getConfig } from '#shared/config.js';
import { dynamoRateLimitStore } from '#shared/db/rate-limit-store.js';
import { consumeRateLimit } from '#shared/model/rate-limiter.js';
import { routes } from '#shared/http/routes.js';
import { startShop, type RunningShop } from '#test/fixtures/shop-server.js';
import { findFreePort } from '../../bin/local/free-port.js';
import { apiClient, mailsTo, testTable, uniqueEmail } from './support/accounts.js';
import { queueDrained } from './support/queues.js';

const store = () => dynamoRateLimitStore(testTable());
const config = getConfig();

/** Every per-IP limit of the route table (the per-mailbox sign-in mail caps: accounts/sign-in-mail-caps.test.ts). */
const limits = [
  routes.createPublicScan.rateLimit,
  routes.createPublicScan.attemptLimit,
  routes.getPricing.rateLimit,
  routes.register.rateLimit,
];

function countStatuses(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

describe('rolling-window limits on DynamoDB Local under concurrency and skewed clocks', () => {
  it.each(limits)('admits exactly min($limit, 50) of 50 concurrent $name requests whose clocks differ by up to a minute', async (rule) => {
    const subject = `skew-${randomUUID()}`;
    const base = Date.now();
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, () =>
        consumeRateLimit(store(), {
          rule: rule.name,
          subject,
          limit: rule.limit,
          windowSeconds: rule.windowSeconds,
          now: base + randomInt(-30_000, 30_001),
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.allowed)).toHaveLength(Math.min(rule.limit, 50));
    for (const outcome of outcomes) if (!outcome.allowed) expect(outcome.retryAfterSeconds).toBeGreaterThan(rule.windowSeconds - 61);
  });

  it('admits exactly 100 of 150 concurrent requests at a limit of 100, refusing nobody below it', async () => {
    const subject = `pricing-${randomUUID()}`;
    const base = Date.now();
    const rule = { rule: 'pricing', subject, limit: 100, windowSeconds: 3_600 };
    const outcomes = await Promise.all(
      Array.from({ length: 150 }, () => consumeRateLimit(store(), { ...rule, now: base + randomInt(-5_000, 5_001) })),
    );
    expect(outcomes.filter((outcome) => outcome.allowed)).toHaveLength(100);
  });
});

describe('per-IP limits through the API under concurrency', () => {
  let shop: RunningShop;
  beforeAll(async () => {
    shop = await startShop('typical-gaps');
  });
  afterAll(async () => {
    await shop.close();
  });

  it('150 concurrent GET /api/pricing from one address: exactly 100 answered, 50 refused with Retry-After', async () => {
    const client = apiClient();
    const answers = await Promise.all(Array.from({ length: 150 }, () => client.call('/api/pricing')));
    expect(countStatuses(answers.map((answer) => answer.status))).toEqual({ 200: 100, 429: 50 });
    for (const answer of answers.filter((a) => a.status === 429)) expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(3_500);
    await client.close();
  });

  it('50 concurrent registers from one address: exactly 3 accepted', async () => {
    const client = apiClient();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => client.call('/api/v1/auth/register', { method: 'POST', body: { email: uniqueEmail('flood') } })),
    );
    expect(countStatuses(answers.map((answer) => answer.status))).toEqual({ 202: 3, 429: 47 });
    await client.close();
  });

  it('50 concurrent public scans from one address: exactly 3 scanned', async () => {
    const client = apiClient();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => client.call('/api/scan', { method: 'POST', body: { url: `${shop.origin}/` } })),
    );
    expect(countStatuses(answers.map((answer) => answer.status))).toEqual({ 200: 3, 429: 47 });
    await client.close();
  }, 60_000);

  it('a public scan of a site that cannot be reached (502) does not spend the allowance', async () => {
    const client = apiClient();
    const closed = `http://127.0.0.1:${await findFreePort()}`; // nothing listens there: connection refused
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await client.call('/api/scan', { method: 'POST', body: { url: `${closed}/` } })).status).toBe(502);
    }
    const scans = await Promise.all([1, 2, 3, 4].map(() => client.call('/api/scan', { method: 'POST', body: { url: `${shop.origin}/` } })));
    expect(countStatuses(scans.map((answer) => answer.status))).toEqual({ 200: 3, 429: 1 });
    await client.close();
  }, 60_000);

  it('12 concurrent registers of one address from 12 addresses send exactly 3 sign-in mails', async () => {
    const email = uniqueEmail('inbox');
    const clients = Array.from({ length: 12 }, () => apiClient());
    const answers = await Promise.all(clients.map((client) => client.call('/api/v1/auth/register', { method: 'POST', body: { email } })));
    expect(answers.every((answer) => answer.status === 202)).toBe(true);
    await queueDrained('mail');
    expect(await mailsTo(email)).toHaveLength(config.signInMailsPerWindowPerMailbox);
    await Promise.all(clients.map((client) => client.close()));
  });
});
