import { describe, expect, it } from 'vitest';
import { signUp, type SignedIn } from '../support/accounts.js';

interface Threshold {
  id: string;
  condition: string;
  value: number;
  isActive: boolean;
}

async function growthSite(user: SignedIn, path: string): Promise<string> {
  const added = await user.client.call('/api/v1/watched-sites', {
    method: 'POST',
    key: user.apiKey,
    body: { url: `https://thresholds.example.com/${path}` },
  });
  expect(added.status).toBe(201);
  return (added.body.site as { id: string }).id;
}

describe('threshold records (growth)', () => {
  it('creates, lists, updates and deletes records that both path families and the legacy object read alike', async () => {
    const user = await signUp({ tier: 'growth' });
    const siteId = await growthSite(user, 'records');
    const base = `/api/v1/watched-sites/${siteId}/thresholds`;
    const call = (path: string, method = 'GET', body?: unknown) =>
      user.client.call(path, { method, key: user.apiKey, ...(body === undefined ? {} : { body }) });

    const created = await call(base, 'POST', { condition: 'drops_below', value: 60 });
    expect(created.status).toBe(201);
    const low = created.body.threshold as Threshold;
    expect(low).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), condition: 'drops_below', value: 60, isActive: true });
    const moved = (await call(base, 'POST', { condition: 'changes_by', value: 15, isActive: false })).body.threshold as Threshold;

    expect((await call(base)).body).toEqual({ thresholds: [low, moved], limit: 10, used: 2 });
    // The legacy object views the oldest drops_below record, and the site carries every record in both families.
    expect((await call(`/api/v1/account/watched-sites/${siteId}/thresholds`)).body).toEqual({ min: 60, max: null, notify: true });
    expect(((await call(`/api/v1/account/watched-sites/${siteId}`)).body.site as { thresholds: Threshold[] }).thresholds).toEqual([
      low,
      moved,
    ]);
    expect((await call(`/api/v1/watched-sites/${siteId}`)).body.thresholds).toEqual([low, moved]);

    // Writing through the legacy fields changes the same record; a new bound becomes a new record.
    const patched = await call(`/api/v1/account/watched-sites/${siteId}`, 'PATCH', { thresholdMin: 55, thresholdMax: 90 });
    expect(patched.status).toBe(200);
    const records = (await call(base)).body.thresholds as Threshold[];
    expect(records).toEqual([
      { ...low, value: 55 },
      moved,
      { id: expect.any(String), condition: 'rises_above', value: 90, isActive: true },
    ]);

    const updated = await call(`${base}/${low.id}`, 'PATCH', { value: 50, isActive: false });
    expect(updated.body).toEqual({ threshold: { ...low, value: 50, isActive: false } });
    expect((await call(`/api/v1/account/watched-sites/${siteId}/thresholds`)).body).toEqual({ min: 50, max: 90, notify: false });
    expect((await call(`${base}/${low.id}`, 'DELETE')).body).toEqual({ deleted: true });
    expect((await call(`${base}/${low.id}`, 'DELETE')).status).toBe(404);
    expect((await call(`/api/v1/account/watched-sites/${siteId}/thresholds`)).body).toMatchObject({ min: null, max: 90 });
  });

  it('refuses bad input with 400, other accounts with 404 and tiers below growth with 403', async () => {
    const user = await signUp({ tier: 'growth' });
    const siteId = await growthSite(user, 'input');
    const base = `/api/v1/watched-sites/${siteId}/thresholds`;
    for (const body of [
      {},
      { condition: 'drops_below' },
      { condition: 'falls', value: 50 },
      { condition: 'drops_below', value: 0 },
      { condition: 'drops_below', value: 101 },
      { condition: 'drops_below', value: 50.5 },
      { condition: 'drops_below', value: '50' },
      { condition: 'drops_below', value: 50, extra: true },
    ]) {
      expect((await user.client.call(base, { method: 'POST', key: user.apiKey, body })).status, JSON.stringify(body)).toBe(400);
    }
    const id = (
      (await user.client.call(base, { method: 'POST', key: user.apiKey, body: { condition: 'rises_above', value: 80 } })).body
        .threshold as Threshold
    ).id;
    expect((await user.client.call(`${base}/${id}`, { method: 'PATCH', key: user.apiKey, body: { value: 'high' } })).status).toBe(400);
    expect((await user.client.call(`${base}/not-a-uuid`, { method: 'PATCH', key: user.apiKey, body: { value: 70 } })).status).toBe(400);
    expect(
      (await user.client.call(`${base}/${crypto.randomUUID()}`, { method: 'PATCH', key: user.apiKey, body: { value: 70 } })).status,
    ).toBe(404);

    const other = await signUp({ tier: 'growth' });
    expect((await other.client.call(base, { key: other.apiKey })).status).toBe(404);
    expect((await other.client.call(`${base}/${id}`, { method: 'DELETE', key: other.apiKey })).status).toBe(404);

    const free = await signUp();
    const freeSite = (
      await free.client.call('/api/v1/watched-sites', {
        method: 'POST',
        key: free.apiKey,
        body: { url: 'https://thresholds.example.com/free' },
      })
    ).body.site as { id: string };
    const refused = await free.client.call(`/api/v1/watched-sites/${freeSite.id}/thresholds`, {
      method: 'POST',
      key: free.apiKey,
      body: { condition: 'drops_below', value: 50 },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(/growth/);
  });

  it('holds the per-site limit when creates race', async () => {
    const user = await signUp({ tier: 'growth' });
    const siteId = await growthSite(user, 'race');
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, index) =>
        user.client.call(`/api/v1/watched-sites/${siteId}/thresholds`, {
          method: 'POST',
          key: user.apiKey,
          body: { condition: 'rises_above', value: 50 + index },
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(10);
    expect(answers.filter((answer) => answer.status === 403)).toHaveLength(15);
    expect((await user.client.call(`/api/v1/watched-sites/${siteId}/thresholds`, { key: user.apiKey })).body).toMatchObject({ used: 10 });
  });
});
