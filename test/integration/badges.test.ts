import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { putOwnedScan, putScan } from '#shared/db/scan-store.js';
import { watchedSiteKey } from '#shared/db/watched-site-keys.js';
import { sampleResult } from '#test/support/scan-result-parts.js';
import { apiClient, itemsWhere, signUp, testTable, type ApiAnswer, type SignedIn } from './support/accounts.js';

function expectBadgeHeaders(answer: ApiAnswer, cacheControl: string): void {
  expect(answer.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
  expect(answer.headers.get('cache-control')).toBe(cacheControl);
  expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  expect(answer.headers.get('content-security-policy')).toMatch(/^default-src 'none';/);
  expect(answer.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
}

async function watch(user: SignedIn, url: string): Promise<string> {
  const added = await user.client.call('/api/v1/watched-sites', { method: 'POST', key: user.apiKey, body: { url } });
  expect(added.status).toBe(201);
  return (added.body.site as { id: string }).id;
}

/** What a completed rescan leaves on the site (the rescan itself is tested in test/integration/rescans/). */
async function scored(user: SignedIn, siteId: string, score: number): Promise<void> {
  const table = testTable();
  await table.client.send(
    new UpdateCommand({
      TableName: table.name,
      Key: watchedSiteKey(user.accountId, siteId),
      UpdateExpression: 'SET lastScore = :score',
      ExpressionAttributeValues: { ':score': score },
    }),
  );
}

describe('the badge of a public result, GET /r/{id}/badge.svg', () => {
  it('shows the score and band of the result /r/{id} shows, briefly cached, and says when there is no current report', async () => {
    const client = apiClient();
    const result = { ...sampleResult('https://badge-shop.example'), id: randomUUID(), score: 72, band: 'partially_ready' as const };
    const owned = { ...sampleResult('https://owned-shop.example'), id: randomUUID() };
    const expired = { ...sampleResult('https://old-shop.example'), id: randomUUID(), expiresAt: '2020-01-01T00:00:00.000Z' };
    const { accountId } = await signUp();
    await Promise.all([putScan(testTable(), result), putOwnedScan(testTable(), owned, accountId), putScan(testTable(), expired)]);

    const badge = await client.call(`/r/${result.id.toUpperCase()}/badge.svg`);
    expect(badge.status).toBe(200);
    expectBadgeHeaders(badge, 'public, max-age=300');
    expect(badge.text).toContain('<title>badge-shop.example: agent readiness 72/100, Partially ready</title>');
    expect(badge.text).toContain('>72 partially ready</text>');
    expect(badge.text).toMatch(new RegExp(`<a href="http[^"]+/r/${result.id}"`));

    // An account's scan is not public; unknown, expired and malformed ids are one answer. An embedded badge
    // must not break when its report expires: image proxies drop a 404, so an image client gets 200 and a
    // badge that says there is no current report and leads to the scanner.
    for (const id of [owned.id, expired.id, randomUUID(), 'not-a-uuid']) {
      const missing = await client.call(`/r/${id}/badge.svg`, {
        headers: { accept: 'image/avif,image/webp,image/svg+xml,image/*,*/*;q=0.8' },
      });
      expect(missing.status, id).toBe(200);
      expectBadgeHeaders(missing, 'public, max-age=300');
      expect(missing.text).toContain('>no current report</text>');
      expect(missing.text).toMatch(/<a href="http[^"]+\/"/);
    }
    const asJson = await client.call(`/r/${randomUUID()}/badge.svg`, { headers: { accept: 'application/json' } });
    expect(asJson.status).toBe(404);
    expect(asJson.body).toEqual({ error: 'Result not found or expired' });
    await client.close();
  });
});

describe('the badge of a watched site, GET /badge/{siteId}.svg', () => {
  it('404s until its owner sets publicBadge, then shows the latest score; off again, 404 again', async () => {
    const [owner, other] = await Promise.all([signUp(), signUp()]);
    const [siteId, othersSiteId] = await Promise.all([
      watch(owner, 'https://badge-site.example.com/'),
      watch(other, 'https://rival.example.com/'),
    ]);
    const anyone = apiClient();
    const unknown = await anyone.call(`/badge/${randomUUID()}.svg`);
    expect(unknown.status).toBe(404);
    const before = await anyone.call(`/badge/${siteId}.svg`);
    expect(before.status).toBe(404);
    expect(before.text).toBe(unknown.text);

    const wrongType = await owner.client.call(`/api/v1/watched-sites/${siteId}`, {
      method: 'PATCH',
      key: owner.apiKey,
      body: { publicBadge: 'yes' },
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error).toContain('publicBadge');
    const wrongTypeAccount = await owner.client.call(`/api/v1/account/watched-sites/${siteId}`, {
      method: 'PATCH',
      key: owner.apiKey,
      body: { publicBadge: 1 },
    });
    expect(wrongTypeAccount.status).toBe(400);
    expect(wrongTypeAccount.body.error).toContain('publicBadge');

    const published = await owner.client.call(`/api/v1/watched-sites/${siteId}`, {
      method: 'PATCH',
      key: owner.apiKey,
      body: { publicBadge: true },
    });
    expect(published.status).toBe(200);
    expect(published.body.site).toMatchObject({ id: siteId, publicBadge: true });
    const pending = await anyone.call(`/badge/${siteId}.svg`);
    expect(pending.status).toBe(200);
    expect(pending.text).toContain('>not scanned yet</text>');

    await scored(owner, siteId, 93);
    const shown = await anyone.call(`/badge/${siteId}.svg`);
    expect(shown.status).toBe(200);
    expectBadgeHeaders(shown, 'public, max-age=300');
    expect(shown.text).toContain('<title>badge-site.example.com: agent readiness 93/100, Agent ready</title>');

    // Another account's site, whose badge is not public, is the same 404 as an unknown one.
    const others = await anyone.call(`/badge/${othersSiteId}.svg`);
    expect(others.status).toBe(404);
    expect(others.text).toBe(unknown.text);

    const hidden = await owner.client.call(`/api/v1/account/watched-sites/${siteId}`, {
      method: 'PATCH',
      key: owner.apiKey,
      body: { publicBadge: false },
    });
    expect(hidden.status).toBe(200);
    expect(hidden.body.site).toMatchObject({ publicBadge: false });
    expect((await anyone.call(`/badge/${siteId}.svg`)).status).toBe(404);
    await anyone.close();
  });

  it('publishing while the site is deleted never leaves a badge behind (many concurrent callers)', async () => {
    const owner = await signUp();
    const siteId = await watch(owner, 'https://badge-race.example.com/');
    const path = `/api/v1/watched-sites/${siteId}`;
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, (_, index) =>
        owner.client.call(path, { method: 'PATCH', key: owner.apiKey, body: { publicBadge: index % 2 === 0 } }),
      ),
      owner.client.call(path, { method: 'DELETE', key: owner.apiKey }),
    ]);
    // Each PATCH either landed before the delete, found the site gone, or was refused as changing under it.
    for (const answer of answers.slice(0, 8)) expect([200, 404, 409]).toContain(answer.status);
    expect(answers[8]!.status).toBe(200);
    expect(await itemsWhere('PublicBadge', 'accountId', owner.accountId)).toEqual([]);
    expect((await owner.client.call(`/badge/${siteId}.svg`)).status).toBe(404);
  });
});
