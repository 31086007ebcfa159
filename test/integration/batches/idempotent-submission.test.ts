import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { batchKey } from '#shared/db/batch-keys.js';
import { putBatch } from '#shared/db/batch-store.js';
import { accountKey } from '#shared/db/account-store.js';
import type { StoredBatch, StoredBatchItem } from '#shared/model/batches/batch.js';
import { idempotentId } from '#shared/model/idempotency-key.js';
import { waitUntil } from '../../../bin/local/wait-until.js';
import { signUp, testTable, type SignedIn } from '../support/accounts.js';

const submit = (user: SignedIn, body: unknown, key?: string) =>
  user.client.call('/api/v1/batch/scan', {
    method: 'POST',
    key: user.apiKey,
    body,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

async function outstanding(accountId: string): Promise<number> {
  const { Item } = await testTable().client.send(
    new GetCommand({ TableName: inject('tableName'), Key: accountKey(accountId), ConsistentRead: true }),
  );
  return Number(Item?.batchesOutstanding ?? 0);
}

describe('POST /api/v1/batch/scan with an Idempotency-Key', () => {
  it('makes one batch however often, and however concurrently, the request is repeated', async () => {
    const user = await signUp({ tier: 'growth' });
    const body = { urls: ['not a url', 'ftp://nope.example/'], label: 'Repeated' };
    const answers = await Promise.all(Array.from({ length: 8 }, () => submit(user, body, 'order-7f3a')));
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 8 }, () => 202));
    const ids = new Set(answers.map((answer) => answer.body.batchId));
    expect(ids.size).toBe(1);
    expect(answers[0]!.body).toEqual({ batchId: [...ids][0], status: 'pending', totalUrls: 2 });
    expect((await user.client.call('/api/v1/batch/scans', { key: user.apiKey })).body).toMatchObject({ total: 1 });

    // The same key for another request is a mistake, not a new batch.
    const other = await submit(user, { urls: ['not a url'] }, 'order-7f3a');
    expect(other.status).toBe(409);
    expect(other.body).toEqual({ error: 'This Idempotency-Key was used for a different batch' });
    // Without a key, or with another, each request is its own batch.
    expect((await submit(user, body)).body.batchId).not.toBe([...ids][0]);
    expect((await submit(user, body, 'order-7f3b')).body.batchId).not.toBe([...ids][0]);
  });

  it('refuses a key that is empty, too long or not visible ASCII', async () => {
    const user = await signUp({ tier: 'growth' });
    for (const key of ['has space', 'x'.repeat(256), 'clé']) {
      const answer = await submit(user, { urls: ['not a url'] }, key);
      expect(answer.status, key).toBe(400);
      expect(answer.body).toEqual({ error: 'Idempotency-Key: 1 to 255 visible ASCII characters' });
    }
    expect(await outstanding(user.accountId)).toBe(0);
  });

  it('finishes a batch that an earlier attempt stored but never queued, once the request is repeated', async () => {
    const user = await signUp({ tier: 'growth' });
    // What a request leaves when its write landed after its answer was lost: the batch, no messages.
    const id = idempotentId(user.accountId, 'createBatch', 'lost-answer')!;
    const batch: StoredBatch = {
      id,
      accountId: user.accountId,
      label: null,
      status: 'pending',
      totalUrls: 1,
      completedUrls: 0,
      failedUrls: 1,
      createdAt: new Date().toISOString(),
      completedAt: null,
      createdBy: `key:${user.keyId}`,
    };
    const items: StoredBatchItem[] = [
      {
        batchId: id,
        index: 0,
        url: 'not a url',
        status: 'failed',
        scanId: null,
        score: null,
        band: null,
        error: 'url: must be an absolute http or https URL',
      },
    ];
    expect(await putBatch(testTable(), batch, items, { maxOutstanding: 5 })).toBe('stored');
    expect(await outstanding(user.accountId)).toBe(1);

    const repeated = await submit(user, { urls: ['not a url'] }, 'lost-answer');
    expect(repeated.status, repeated.text).toBe(202);
    expect(repeated.body.batchId).toBe(id);
    await waitUntil(async () => (await user.client.call(`/api/v1/batch/scan/${id}`, { key: user.apiKey })).body.status === 'failed', {
      timeoutMs: 20_000,
      intervalMs: 200,
      description: 'the stranded batch to end',
    });
    expect(await outstanding(user.accountId)).toBe(0);
  });

  it('answers a repeat only from the API key that submitted it, and only for 24 hours', async () => {
    const user = await signUp({ tier: 'growth' });
    const second = await user.client.call('/api/v1/account/api-keys', { method: 'POST', key: user.apiKey, body: { label: 'second' } });
    const other: SignedIn = { ...user, apiKey: second.body.fullKey as string };
    const body = { urls: ['not a url'], label: 'Nightly' };
    const first = await submit(user, body, 'nightly');
    expect(first.status).toBe(202);
    const id = first.body.batchId as string;

    expect(await submit(other, body, 'nightly')).toMatchObject({
      status: 409,
      body: {
        error: `This Idempotency-Key submitted batch ${id} with another API key. Send a new Idempotency-Key to submit another batch`,
      },
    });
    expect((await submit(user, body, 'nightly')).body).toEqual(first.body);

    await testTable().client.send(
      new UpdateCommand({
        TableName: inject('tableName'),
        Key: batchKey(id),
        UpdateExpression: 'SET createdAt = :at',
        ExpressionAttributeValues: { ':at': new Date(Date.now() - 86_401_000).toISOString() },
      }),
    );
    expect(await submit(user, body, 'nightly')).toMatchObject({
      status: 409,
      body: {
        error: `This Idempotency-Key submitted batch ${id} more than 24 hours ago. Send a new Idempotency-Key to submit another batch`,
      },
    });
    expect((await user.client.call('/api/v1/batch/scans', { key: user.apiKey })).body).toMatchObject({ total: 1 });
  });
});
