import { describe, expect, inject, it } from 'vitest';

const api = inject('apiBaseUrl');

describe('GET /api/health', () => {
  it('answers 200 with every dependency ok once the stack is up', async () => {
    const response = await fetch(`${api}/api/health`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      status: 'ok',
      dependencies: { dynamodb: { status: 'ok' }, sqs: { status: 'ok' } },
    });
  });
});
