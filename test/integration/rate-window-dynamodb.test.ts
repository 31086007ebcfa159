import { randomInt, randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { dynamoRateLimitStore, rateLimitWindowKey } from '#shared/db/rate-limit-store.js';
import { consumeRateLimit, type RateLimitOutcome } from '#shared/model/rate-limiter.js';
import { geometryOf } from '#shared/model/rate-window.js';
import { testTable } from './support/accounts.js';

const store = () => dynamoRateLimitStore(testTable());
const hour = 3_600;

/** The stored counters item of one limit: its bucket attributes and their total. */
async function storedWindow(rule: string, subject: string, windowSeconds: number) {
  const { Item } = await testTable().client.send(
    new GetCommand({
      TableName: inject('tableName'),
      Key: rateLimitWindowKey(rule, subject, geometryOf({ windowSeconds }).bucketMs),
      ConsistentRead: true,
    }),
  );
  const buckets = Object.entries(Item ?? {}).filter(([name]) => /^b\d+$/.test(name));
  return {
    buckets: buckets.length,
    hits: buckets.reduce((sum, [, count]) => sum + (count as number), 0),
    bytes: JSON.stringify(Item ?? {}).length,
  };
}

const admitted = (outcomes: RateLimitOutcome[]) => outcomes.filter((outcome) => outcome.allowed);

describe('the bucket-counter rate limiter on DynamoDB Local', () => {
  it('admits exactly 10 of 50 callers racing for a limit of 10 at the same instant', async () => {
    const subject = `race-${randomUUID()}`;
    const now = Date.now();
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, () => consumeRateLimit(store(), { rule: 'race', subject, limit: 10, windowSeconds: hour, now })),
    );
    expect(admitted(outcomes)).toHaveLength(10);
    expect((await storedWindow('race', subject, hour)).hits).toBe(10);
  });

  it('admits exactly 10 of 50 racing callers whose clocks differ by up to a minute, across a bucket boundary', async () => {
    for (let round = 0; round < 5; round += 1) {
      const subject = `skew-${randomUUID()}`;
      // Centred on a bucket boundary, so some callers advance the head while others write behind it.
      const boundary = Math.ceil(Date.now() / 60_000) * 60_000;
      const outcomes = await Promise.all(
        Array.from({ length: 50 }, () =>
          consumeRateLimit(store(), { rule: 'skew', subject, limit: 10, windowSeconds: hour, now: boundary + randomInt(-30_000, 30_001) }),
        ),
      );
      expect(admitted(outcomes)).toHaveLength(10);
      expect((await storedWindow('skew', subject, hour)).hits).toBe(10);
      for (const outcome of outcomes) if (!outcome.allowed) expect(outcome.retryAfterSeconds).toBeGreaterThan(hour - 61);
    }
  });

  it('never holds more than the limit when refunds race with new callers', async () => {
    const subject = `refund-${randomUUID()}`;
    const now = Date.now();
    const request = { rule: 'refund', subject, limit: 10, windowSeconds: hour, now };
    const first = admitted(await Promise.all(Array.from({ length: 10 }, () => consumeRateLimit(store(), request))));
    expect(first).toHaveLength(10);
    const [, later] = await Promise.all([
      Promise.all(first.slice(0, 4).map((outcome) => (outcome.allowed ? outcome.release() : Promise.resolve()))),
      Promise.all(Array.from({ length: 30 }, () => consumeRateLimit(store(), request))),
    ]);
    const window = await storedWindow('refund', subject, hour);
    expect(window.hits).toBe(6 + admitted(later).length);
    expect(window.hits).toBeLessThanOrEqual(10);
    // Whatever the interleaving, the window ends full: refunded hits are taken again.
    expect(admitted(await Promise.all(Array.from({ length: 10 }, () => consumeRateLimit(store(), request))))).toHaveLength(
      10 - window.hits,
    );
  });

  it('drops the buckets nobody counts any more when time moves on, and counts afresh', async () => {
    const subject = `prune-${randomUUID()}`;
    const request = { rule: 'prune', subject, limit: 2, windowSeconds: hour };
    const start = Date.now();
    for (const offset of [0, 60_000]) expect((await consumeRateLimit(store(), { ...request, now: start + offset })).allowed).toBe(true);
    expect((await consumeRateLimit(store(), { ...request, now: start + 120_000 })).allowed).toBe(false);
    expect(await storedWindow('prune', subject, hour)).toMatchObject({ buckets: 2, hits: 2 });
    // Three hours later both buckets are past the window and its minute of slack: removed by the next hit.
    expect((await consumeRateLimit(store(), { ...request, now: start + 3 * hour * 1000 })).allowed).toBe(true);
    expect(await storedWindow('prune', subject, hour)).toMatchObject({ buckets: 1, hits: 1 });
  });

  it('costs the same at a limit of 10,000,000: one small item, whatever the number of hits', async () => {
    const subject = `huge-${randomUUID()}`;
    const base = Date.now();
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        consumeRateLimit(store(), { rule: 'huge', subject, limit: 10_000_000, windowSeconds: hour, now: base + (i % 4) * 60_000 }),
      ),
    );
    expect(admitted(outcomes)).toHaveLength(200);
    const window = await storedWindow('huge', subject, hour);
    expect(window).toMatchObject({ hits: 200 });
    expect(window.buckets).toBeLessThanOrEqual(4);
    expect(window.bytes).toBeLessThan(1_024);
  });
});
