import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Queue } from '#shared/adapters/queue.js';
import { loadConfig, type Config } from '#shared/config.js';
import { accountKey } from '#shared/db/account-store.js';
import { addWatchedSite } from '#shared/db/watched-site-store.js';
import type { RescanMessage } from '#shared/model/rescans/rescan-message.js';
import { shardOf } from '#shared/model/rescans/schedule.js';
import { startSweep, sweepShard, type SweepMessage } from '#shared/use-cases/rescans/sweep.js';
import { newWatchedSite, type WatchedSite } from '#shared/model/sites/watched-site.js';
import { ensureTable } from '../../../bin/local/create-table.js';
import { localClientConfig } from '../../../bin/local/local-aws.js';
import { bindTable } from '#shared/db/table.js';

// A table of its own: the stack's workers never see these sites (their hosts do not exist).
const tableName = `sweep-${randomUUID().slice(0, 8)}`;
let client: DynamoDBClient;
let db: DynamoDBDocumentClient;
let config: Config;

/** Records what the sweep sends, so every message can be counted (the stack's own queues are consumed). */
function capturingQueue() {
  const sent: Record<string, unknown[]> = {};
  const queue: Queue = {
    send: async (name, message) => void (sent[name] ??= []).push(message),
    sendMany: async (name, messages) => void (sent[name] ??= []).push(...messages),
    retryLater: async () => undefined,
    ping: async () => undefined,
  };
  return { queue, sent };
}

const now = Date.parse('2026-11-23T06:00:00Z');
const clock = { now: () => now };

async function seedSite(dueAt: string): Promise<WatchedSite> {
  const site = newWatchedSite({
    id: randomUUID(),
    accountId: randomUUID(),
    url: `https://seed-${randomUUID().slice(0, 6)}.example/`,
    urlDigest: randomUUID(),
    label: 'seed',
    alertEnabled: true,
    createdAt: dueAt,
  });
  // Adding counts the site on its account, so the account item comes first.
  await db.send(
    new PutCommand({ TableName: tableName, Item: { ...accountKey(site.accountId), type: 'Account', id: site.accountId, siteCount: 0 } }),
  );
  expect(await addWatchedSite(bindTable(db, tableName), site, 100, { shard: shardOf(site.id, config.rescanDueShards), dueAt })).toBe(
    'added',
  );
  return site;
}

async function sweepAll(messages: SweepMessage[], queue: Queue, hasTime: () => boolean = () => true) {
  let read = 0;
  let continuations = 0;
  const pending = [...messages];
  while (pending.length > 0) {
    const progress = await sweepShard(pending.shift()!, { table: bindTable(db, tableName), config, queue, clock }, hasTime);
    read += progress.read;
    if (progress.continuation) {
      continuations += 1;
      pending.push(progress.continuation);
    }
  }
  return { read, continuations };
}

let due: WatchedSite[];
let notDue: WatchedSite[];

beforeAll(async () => {
  client = new DynamoDBClient(localClientConfig(inject('dynamodbEndpoint'), inject('awsRegion')));
  db = DynamoDBDocumentClient.from(client);
  await ensureTable(client, tableName);
  config = loadConfig({ TABLE_NAME: tableName, RESCAN_DUE_SHARDS: '4', RESCAN_SWEEP_PAGE_SIZE: '7' });
  due = [];
  notDue = [];
  for (let index = 0; index < 60; index += 1) due.push(await seedSite(new Date(now - (index + 1) * 3_600_000).toISOString()));
  for (let index = 0; index < 10; index += 1) notDue.push(await seedSite(new Date(now + (index + 1) * 3_600_000).toISOString()));
}, 60_000);

afterAll(() => client.destroy());

describe('the weekly sweep (sharded due index on DynamoDB Local)', () => {
  it('queues every due site exactly once, reads one index entry per due site, and a second sweep in the week queues nothing', async () => {
    const { queue, sent } = capturingQueue();
    const messages = startSweep(now, false, config.rescanDueShards);
    expect(messages).toHaveLength(4);
    const { read } = await sweepAll(messages, queue);
    const queued = (sent.rescan ?? []) as RescanMessage[];
    expect(queued.map((message) => message.siteId).sort()).toEqual(due.map((site) => site.id).sort());
    expect(new Set(queued.map((message) => message.slot))).toEqual(new Set(['2026-W48']));
    expect(read).toBe(due.length);

    const again = capturingQueue();
    expect((await sweepAll(startSweep(now + 60_000, false, config.rescanDueShards), again.queue)).read).toBe(0);
    expect(again.sent.rescan ?? []).toEqual([]);
    // Six days on, they are due again.
    const nextWeek = capturingQueue();
    await sweepAll(startSweep(now + 7 * 86_400_000, false, config.rescanDueShards), nextWeek.queue);
    expect(((nextWeek.sent.rescan ?? []) as RescanMessage[]).map((m) => m.siteId).sort()).toEqual(
      [...due, ...notDue].map((site) => site.id).sort(),
    );
  });

  it('goes on from where it stopped when its time runs short, without skipping or repeating a site', async () => {
    const { queue, sent } = capturingQueue();
    let pages = 0;
    const { continuations } = await sweepAll(startSweep(now, true, config.rescanDueShards), queue, () => (pages += 1) % 2 === 0);
    expect(continuations).toBeGreaterThan(3);
    const ids = ((sent.rescan ?? []) as RescanMessage[]).map((message) => message.siteId);
    expect(ids.sort()).toEqual([...due, ...notDue].map((site) => site.id).sort()); // a forced run takes every site
    expect(new Set(ids).size).toBe(ids.length);
  });
});
