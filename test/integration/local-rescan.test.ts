import { describe, expect, it } from 'vitest';
import { callApi } from './support/http.js';

describe('POST /_local/rescan (dev server only; used by npm run rescan)', () => {
  it('runs the sweep now and answers 202', async () => {
    const response = await callApi('/_local/rescan', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"all": true}' });
    expect(response.status).toBe(202);
    expect(await response.json()).toMatchObject({ all: true });
  });

  it('rejects a non-boolean "all" with 400 {"error"}', async () => {
    const response = await callApi('/_local/rescan', { method: 'POST', body: '{"all": "yes"}' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: expect.stringContaining('all') });
  });

  it('answers other methods with 405', async () => {
    const response = await callApi('/_local/rescan');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });
});
