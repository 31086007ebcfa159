import { describe, expect, it } from 'vitest';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Queue } from '#shared/adapters/queue.js';
import { dispatch, type FamilyHandlers } from '#shared/http/family-handler.js';
import { routes } from '#shared/http/routes.js';
import { batchRoutes } from '#shared/http/routes/batch-routes.js';
import { apiEvent, callRoute, unitDependencies, unitTable } from '#test/unit/http/call-route.js';
import { signedInTable, unitCallerKey } from '#test/unit/http/signed-in-table.js';

const json = (body: string | undefined) => JSON.parse(body ?? 'null') as Record<string, unknown>;

describe('authentication in dispatch', () => {
  it('answers 401 before looking at the body', async () => {
    const answer = await callRoute({ ...routes.createApiKey, operationId: 'createApiKey' }, { anonymous: true, body: '{"label": ' });
    expect(answer.statusCode).toBe(401);
    expect(json(answer.body)).toEqual({ error: 'Missing API key: send the header "Authorization: Bearer <API_KEY>"' });
  });

  it('accepts the scheme in any case and refuses other schemes', async () => {
    const route = { ...routes.listScans, operationId: 'listScans' as const };
    expect((await callRoute(route, { headers: { authorization: `bearer ${unitCallerKey}` } })).statusCode).toBe(200);
    expect((await callRoute(route, { headers: { authorization: `Token ${unitCallerKey}` } })).statusCode).toBe(401);
    expect((await callRoute(route, { headers: { authorization: `Bearer ${unitCallerKey} extra` } })).statusCode).toBe(401);
  });

  it('refuses a tier-gated route below its tier with 403 naming the tier', async () => {
    const deps = unitDependencies({ table: unitTable(signedInTable({ tier: 'pro' })) });
    const handlers: FamilyHandlers<'batch'> = { listBatches: async () => ({ status: 200, body: { batches: [], total: 0 } }) };
    const event = apiEvent({ method: 'GET', path: routes.listBatches.path, headers: { authorization: `Bearer ${unitCallerKey}` } });
    await expect(dispatch(event, { family: 'batch', routes: batchRoutes, operations: handlers }, deps)).rejects.toMatchObject({
      kind: 'forbidden',
      message: 'This endpoint needs the growth tier or above; this account is on pro',
    });
    const growth = unitDependencies({ table: unitTable(signedInTable({ tier: 'growth' })) });
    expect((await dispatch(event, { family: 'batch', routes: batchRoutes, operations: handlers }, growth)).status).toBe(200);
  });
});

describe('POST /api/v1/auth/register', () => {
  it('does the same work for every address: one queued job, no table access', async () => {
    const reads: string[] = [];
    const db = { send: async (command: object) => (reads.push(command.constructor.name), {}) } as unknown as DynamoDBDocumentClient;
    const jobs: unknown[] = [];
    const queue: Queue = {
      send: async (name, message) => void jobs.push({ name, message }),
      sendMany: async () => undefined,
      retryLater: async () => undefined,
      ping: async () => undefined,
    };
    const deps = unitDependencies({ table: unitTable(db), queue });
    const route = { ...routes.register, operationId: 'register' as const };
    const answers = [];
    for (const email of ['known@shop.example.com', 'unknown@shop.example.com']) {
      answers.push(await callRoute(route, { body: JSON.stringify({ email }) }, deps));
    }
    expect(answers.map((answer) => [answer.statusCode, answer.body])).toEqual([
      [202, answers[0]!.body],
      [202, answers[0]!.body],
    ]);
    // The only table access is the per-IP rate limit (read its window, count the hit), the same for both.
    expect(reads).toEqual(['GetCommand', 'UpdateCommand', 'GetCommand', 'UpdateCommand']);
    expect(jobs).toEqual([
      { name: 'mail', message: { kind: 'sign-in', jobId: expect.any(String), email: 'known@shop.example.com' } },
      { name: 'mail', message: { kind: 'sign-in', jobId: expect.any(String), email: 'unknown@shop.example.com' } },
    ]);
  });
});
