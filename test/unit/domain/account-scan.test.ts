import { buyBasisOf } from '#shared/model/scans/exercised-buys.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { loadConfig } from '#shared/config.js';
import type { Queue, QueueName } from '#shared/adapters/queue.js';
import { runAccountScan } from '#shared/use-cases/scans.js';
import { createFetcher } from '#shared/outbound/index.js';
import { startShop, type RunningShop } from '#test/fixtures/shop-server.js';
import { unitDependencies, unitTable } from '#test/unit/http/call-route.js';
import { signedInTable, unitAccountId } from '#test/unit/http/signed-in-table.js';
import { newAccount } from '#shared/model/accounts/account.js';

let shop: RunningShop;
beforeAll(async () => {
  shop = await startShop('agent-ready');
});
afterAll(async () => {
  await shop.close();
});

describe('runAccountScan', () => {
  it('stores the result for its owner with the scan count, and raises scan_complete for the webhooks', async () => {
    const sent: Array<{ queue: QueueName; message: unknown }> = [];
    const queue: Queue = {
      send: async (name, message) => void sent.push({ queue: name, message }),
      sendMany: async () => undefined,
      retryLater: async () => undefined,
      ping: async () => undefined,
    };
    const table = signedInTable({ tier: 'pro' });
    const writes: unknown[] = [];
    const db = {
      send: async (command: unknown) => (
        command instanceof TransactWriteCommand && writes.push(command.input),
        table.send(command as never)
      ),
    };
    const deps = unitDependencies({
      config: loadConfig({ ALLOW_PRIVATE_TARGETS: '127.0.0.1' }),
      table: unitTable(db as never),
      queue,
      fetcher: createFetcher({ allowPrivateHosts: ['127.0.0.1'] }),
    });
    const account = { ...newAccount(unitAccountId, 'owner@shop.example.com', '2026-01-01T00:00:00.000Z'), tier: 'pro' as const };
    const caller = { accountId: unitAccountId, keyId: 'k', tier: 'pro' as const, scopes: [], account };

    const result = await runAccountScan(`${shop.origin}/`, caller, deps);

    expect(result.tier).toBe('pro');
    expect(result.expiresAt).toBeNull();
    const [transaction] = writes as Array<{
      TransactItems: Array<{ Put?: { Item: Record<string, unknown> }; Update?: { UpdateExpression: string } }>;
    }>;
    expect(transaction!.TransactItems[0]!.Put!.Item).toMatchObject({ ownerId: unitAccountId, gsi1pk: `ACCOUNT#${unitAccountId}#SCANS` });
    expect(transaction!.TransactItems[1]!.Update).toMatchObject({
      UpdateExpression: 'ADD #counter :delta',
      ExpressionAttributeNames: { '#counter': 'scanCount' },
    });
    expect(sent).toEqual([
      {
        queue: 'webhook',
        message: {
          kind: 'event',
          event: {
            id: expect.any(String),
            type: 'scan_complete',
            accountId: unitAccountId,
            occurredAt: expect.any(String),
            data: {
              scanId: result.id,
              url: result.url,
              score: result.score,
              band: result.band,
              tier: 'pro',
              siteId: null,
              batchId: null,
              assistants: result.assistants.map((assistant) => ({
                id: assistant.id,
                verdict: assistant.verdict,
                ...buyBasisOf(assistant),
              })),
            },
          },
        },
      },
    ]);
    const data = (sent[0] as { message: { event: { data: { assistants: Array<{ buyBasis: unknown }> } } } }).message.event.data;
    expect(data.assistants.length).toBeGreaterThan(0);
    expect(data.assistants.every((assistant) => assistant.buyBasis === 'declared' || assistant.buyBasis === 'exercised')).toBe(true);
    await deps.fetcher.close();
  });
});
