import { describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts.js';
import { waitUntil } from '../../../bin/local/wait-until.js';

interface Site {
  id: string;
  url: string;
  label: string;
  thresholds: unknown[];
}

describe('watched sites', () => {
  it('adds, normalises, de-duplicates, updates and deletes, on both path families', async () => {
    const user = await signUp();
    const { client, apiKey: key } = user;
    const added = await client.call('/api/v1/watched-sites', { method: 'POST', key, body: { url: 'HTTPS://Shop.Example.com:443/#top' } });
    expect(added.status).toBe(201);
    const site = added.body.site as Site;
    expect(site).toEqual({
      id: expect.any(String),
      url: 'https://shop.example.com/',
      label: 'shop.example.com',
      lastScore: null,
      lastScannedAt: null,
      alertEnabled: true,
      scoreChange: null,
      isCompetitor: false,
      publicBadge: false,
      thresholds: [],
      createdAt: expect.any(String),
      lastScanStatus: null,
      lastError: null,
      rescanPaused: false,
      lastScanId: null,
      alertsGoTo: {
        channel: 'email',
        address: user.email,
        webhooks: [],
        reason: null,
        events: [{ event: 'score_change', channel: 'email', webhookIds: [] }],
      },
    });
    const duplicate = await client.call('/api/v1/account/watched-sites', {
      method: 'POST',
      key,
      body: { url: 'https://shop.example.com' },
    });
    expect(duplicate.status).toBe(409);
    // The site's first scan is queued when it is added, and fails (the host does not resolve here): wait for it,
    // so the reads below all see the site as it then stays.
    await waitUntil(
      async () =>
        ((await client.call(`/api/v1/watched-sites/${site.id}`, { key })).body.site as { lastScanStatus: unknown }).lastScanStatus !== null,
      { timeoutMs: 60_000, intervalMs: 200, description: "the added site's first scan" },
    );

    const patched = await client.call(`/api/v1/watched-sites/${site.id}`, {
      method: 'PATCH',
      key,
      body: { label: 'Rival', isCompetitor: true, alertEnabled: false },
    });
    expect(patched.body.site).toMatchObject({ label: 'Rival', isCompetitor: true, alertEnabled: false });
    const detail = await client.call(`/api/v1/watched-sites/${site.id}`, { key });
    expect(detail.body).toEqual({ site: patched.body.site, thresholds: [], scoreHistory: [] });
    const legacyDetail = await client.call(`/api/v1/account/watched-sites/${site.id}`, { key });
    expect(legacyDetail.body).toEqual({ site: patched.body.site, scoreHistory: [] });
    const list = await client.call('/api/v1/watched-sites', { key });
    expect(list.body).toEqual({ sites: [patched.body.site], limit: 3, used: 1 });

    expect((await client.call(`/api/v1/account/watched-sites/${site.id}`, { method: 'DELETE', key })).body).toEqual({ deleted: true });
    expect((await client.call(`/api/v1/watched-sites/${site.id}`, { method: 'DELETE', key })).status).toBe(404);
    const again = await client.call('/api/v1/watched-sites', { method: 'POST', key, body: { url: 'https://shop.example.com/' } });
    expect(again.status).toBe(201);
    const account = await client.call('/api/v1/account', { key });
    expect(account.body.counts).toMatchObject({ watchedSites: 1, watchedSitesLimit: 3 });
  });

  it('refuses unknown fields in partial updates with 400 and changes nothing', async () => {
    const user = await signUp({ tier: 'growth' });
    const { client, apiKey: key } = user;
    const site = (await client.call('/api/v1/watched-sites', { method: 'POST', key, body: { url: 'https://strict.example.com/' } })).body
      .site as Site;
    const cases: Array<[string, string, unknown]> = [
      ['PATCH', `/api/v1/watched-sites/${site.id}`, { label: 'New', alertEnable: false }],
      ['PATCH', `/api/v1/account/watched-sites/${site.id}`, { label: 'New', thresholdMinimum: 40 }],
      ['PUT', `/api/v1/account/watched-sites/${site.id}/thresholds`, { min: 40, max: 90, notify: true, extra: 1 }],
    ];
    for (const [method, path, body] of cases) {
      const answer = await client.call(path, { method, key, body });
      expect(answer.status, `${method} ${path}`).toBe(400);
      expect(answer.body.error).toMatch(/^(alertEnable|thresholdMinimum|extra): not a field of this request$/);
    }
    const detail = await client.call(`/api/v1/watched-sites/${site.id}`, { key });
    expect(detail.body).toMatchObject({ site: { label: 'strict.example.com', alertEnabled: true }, thresholds: [] });
  });

  it('loses neither of two concurrent threshold updates, and never stores min above max', async () => {
    const user = await signUp({ tier: 'growth' });
    const { client, apiKey: key } = user;
    const site = (await client.call('/api/v1/watched-sites', { method: 'POST', key, body: { url: 'https://race.example.com/' } })).body
      .site as Site;
    const path = `/api/v1/account/watched-sites/${site.id}`;
    for (let round = 0; round < 5; round += 1) {
      await client.call(`${path}/thresholds`, { method: 'PUT', key, body: { min: null, max: null, notify: true } });
      const [low, high, label] = await Promise.all([
        client.call(path, { method: 'PATCH', key, body: { thresholdMin: 30 + round } }),
        client.call(path, { method: 'PATCH', key, body: { thresholdMax: 80 + round } }),
        client.call(path, { method: 'PATCH', key, body: { label: `Round ${round}` } }),
      ]);
      expect([low.status, high.status, label.status]).toEqual([200, 200, 200]);
      const thresholds = await client.call(`${path}/thresholds`, { key });
      expect(thresholds.body).toEqual({ min: 30 + round, max: 80 + round, notify: true });
      expect((await client.call(path, { key })).body.site).toMatchObject({ label: `Round ${round}` });
    }
    // Each valid alone, invalid together: one lands, the other is checked against it and refused.
    await client.call(`${path}/thresholds`, { method: 'PUT', key, body: { min: 50, max: 90, notify: true } });
    const [raiseMin, lowerMax] = await Promise.all([
      client.call(path, { method: 'PATCH', key, body: { thresholdMin: 70 } }),
      client.call(path, { method: 'PATCH', key, body: { thresholdMax: 60 } }),
    ]);
    expect([raiseMin.status, lowerMax.status].sort()).toEqual([200, 400]);
    const final = (await client.call(`${path}/thresholds`, { key })).body as { min: number; max: number };
    expect(final.min).toBeLessThan(final.max);
  });

  it("hides one account's sites from another (404 on every route that takes an id)", async () => {
    const [owner, stranger] = await Promise.all([signUp({ tier: 'growth' }), signUp({ tier: 'growth' })]);
    const added = await owner.client.call('/api/v1/watched-sites', {
      method: 'POST',
      key: owner.apiKey,
      body: { url: 'https://owned.example.com/' },
    });
    const id = (added.body.site as Site).id;
    const attempts: Array<[string, string, unknown?]> = [
      ['GET', `/api/v1/watched-sites/${id}`],
      ['PATCH', `/api/v1/watched-sites/${id}`, { label: 'mine now' }],
      ['DELETE', `/api/v1/watched-sites/${id}`],
      ['GET', `/api/v1/account/watched-sites/${id}`],
      ['PATCH', `/api/v1/account/watched-sites/${id}`, { label: 'mine now' }],
      ['DELETE', `/api/v1/account/watched-sites/${id}`],
      ['GET', `/api/v1/account/watched-sites/${id}/thresholds`],
      ['PUT', `/api/v1/account/watched-sites/${id}/thresholds`, { min: 10, max: 20, notify: true }],
    ];
    for (const [method, path, body] of attempts) {
      const answer = await stranger.client.call(path, { method, key: stranger.apiKey, ...(body ? { body } : {}) });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body, `${method} ${path}`).toEqual({ error: 'Watched site not found' });
    }
    expect((await stranger.client.call('/api/v1/watched-sites', { key: stranger.apiKey })).body).toMatchObject({ sites: [], used: 0 });
    const untouched = await owner.client.call(`/api/v1/watched-sites/${id}`, { key: owner.apiKey });
    expect((untouched.body.site as Site).label).toBe('owned.example.com');
  });

  it('holds the tier limit when adds race, and refuses blocked URLs with 400', async () => {
    const user = await signUp();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        user.client.call('/api/v1/watched-sites', { method: 'POST', key: user.apiKey, body: { url: `https://shop${index}.example.com/` } }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(3);
    const refused = answers.filter((answer) => answer.status === 403);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.body.error).toBe('Watched-site limit reached: the free plan allows 3 sites');
    for (const url of [
      'http://169.254.169.254/',
      'not a url',
      'ftp://shop.example.com/',
      `https://shop.example.com/${'a'.repeat(2050)}`,
      42,
    ]) {
      const answer = await user.client.call('/api/v1/watched-sites', { method: 'POST', key: user.apiKey, body: { url } });
      expect(answer.status, String(url).slice(0, 40)).toBe(400);
      expect(answer.body.error, String(url).slice(0, 40)).toMatch(/^url: /);
    }
  });

  it('keeps thresholds for growth only, with min below max', async () => {
    const free = await signUp();
    const freeSite = (
      await free.client.call('/api/v1/account/watched-sites', {
        method: 'POST',
        key: free.apiKey,
        body: { url: 'https://free.example.com/' },
      })
    ).body.site as Site;
    const refused = await free.client.call(`/api/v1/account/watched-sites/${freeSite.id}`, {
      method: 'PATCH',
      key: free.apiKey,
      body: { thresholdMin: 40 },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(/growth/);
    expect((await free.client.call(`/api/v1/account/watched-sites/${freeSite.id}/thresholds`, { key: free.apiKey })).status).toBe(403);

    const growth = await signUp({ tier: 'growth' });
    const site = (
      await growth.client.call('/api/v1/account/watched-sites', {
        method: 'POST',
        key: growth.apiKey,
        body: { url: 'https://growth.example.com/' },
      })
    ).body.site as Site;
    const base = `/api/v1/account/watched-sites/${site.id}`;
    const put = await growth.client.call(`${base}/thresholds`, {
      method: 'PUT',
      key: growth.apiKey,
      body: { min: 40, max: 90, notify: true },
    });
    expect(put.body).toEqual({ min: 40, max: 90, notify: true });
    expect((await growth.client.call(`${base}/thresholds`, { key: growth.apiKey })).body).toEqual({ min: 40, max: 90, notify: true });
    const invalid = await growth.client.call(`${base}/thresholds`, {
      method: 'PUT',
      key: growth.apiKey,
      body: { min: 90, max: 40, notify: true },
    });
    expect(invalid.status).toBe(400);
    for (const body of [
      { min: 0, max: 50, notify: true },
      { min: 10, max: 101, notify: true },
      { min: 10, max: 20 },
      { min: '10', max: 20, notify: true },
    ]) {
      expect(
        (await growth.client.call(`${base}/thresholds`, { method: 'PUT', key: growth.apiKey, body })).status,
        JSON.stringify(body),
      ).toBe(400);
    }
    const patched = await growth.client.call(base, {
      method: 'PATCH',
      key: growth.apiKey,
      body: { thresholdMax: null, thresholdNotify: false },
    });
    expect((patched.body.site as Site).thresholds).toEqual([
      { id: expect.any(String), condition: 'drops_below', value: 40, isActive: false },
    ]);
    const list = await growth.client.call('/api/v1/watched-sites', { key: growth.apiKey });
    expect((list.body.sites as Site[])[0]!.thresholds).toHaveLength(1);
  });
});
