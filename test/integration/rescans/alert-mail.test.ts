import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createDependencies } from '#shared/all-dependencies.js';
import { alertMetrics } from '#shared/adapters/alert-metrics.js';
import { loadConfig } from '#shared/config.js';
import { alertDigestKey, appendDigestEntry, clearConsumedDigest, pendingDigest } from '#shared/db/alert-digest-store.js';
import { addWatchedSite, deleteWatchedSite, getWatchedSite } from '#shared/db/watched-site-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import { sendAlertDigest, type AlertDigestJob } from '#shared/use-cases/rescans/alert-digest-job.js';
import { raiseRescanAlerts } from '#shared/use-cases/rescans/alerts.js';
import { boundedEntry, type DigestEntry } from '#shared/model/rescans/digest-entry.js';
import { unsubscribeToken } from '#shared/model/sites/alert-unsubscribe-token.js';
import { newWatchedSite, type WatchedSite } from '#shared/model/sites/watched-site.js';
import type { ScanResult } from '#shared/model/scans/scan-result.js';
import { apiClient, mailsTo, nextMailTo, signUp, testTable, type SignedIn, type StoredMail } from '../support/accounts.js';
import { waitUntil } from '../../../bin/local/wait-until.js';

let deps: Dependencies;
const maxSites = 50;

beforeAll(() => {
  const queues = inject('queues');
  const config = loadConfig({
    TABLE_NAME: inject('tableName'),
    SQS_ENDPOINT: inject('sqsEndpoint'),
    MAIL_QUEUE_URL: queues.mail.url,
    WEBHOOK_QUEUE_URL: queues.webhook.url,
    // Not the stack's pepper: links this process signs are refused by the stack (the forged-token case).
    KEY_PEPPER: 'test-process-pepper-'.repeat(3),
  });
  expect(config.alertDigestMaxSites).toBe(maxSites);
  deps = createDependencies(config, { table: testTable() });
});

const table = () => inject('tableName');
const seeded: WatchedSite[] = [];

// Other files' `npm run rescan -- --all` sweeps take every site: leave none behind.
afterAll(async () => {
  for (const site of seeded) await deleteWatchedSite(deps.table, site);
});

/**
 * A watched site written straight to the table, never due. Its URL is a closed loopback port, so a
 * forced sweep of another test file fails its rescan at once (a failed rescan raises no alert).
 */
async function seededSite(accountId: string, label: string): Promise<WatchedSite> {
  // As a site whose last rescan scored 70.
  const site: WatchedSite = {
    ...newWatchedSite({
      id: randomUUID(),
      accountId,
      url: `http://127.0.0.1:9/${label.toLowerCase().replaceAll(' ', '-')}`,
      urlDigest: randomUUID(),
      label,
      alertEnabled: true,
      createdAt: new Date().toISOString(),
    }),
    lastScore: 70,
    lastScanStatus: 'ok',
  };
  expect(await addWatchedSite(deps.table, site, 1_000, { shard: 0, dueAt: '2999-01-01T00:00:00.000Z' })).toBe('added');
  seeded.push(site);
  return site;
}

function entryFor(
  site: Pick<WatchedSite, 'id' | 'url' | 'label'>,
  slot: string,
  score = 58,
  scannedAt = new Date().toISOString(),
): DigestEntry {
  return boundedEntry({
    siteId: site.id,
    url: site.url,
    label: site.label,
    slot,
    previousScore: 70,
    score,
    scannedAt,
    worse: [{ id: 'gtin', title: 'Products carry GTINs', from: 'pass', to: 'fail' }],
    better: [],
    topFix: { title: 'Add GTINs', fix: 'Put the GTIN in the Product JSON-LD.' },
    crossed: [],
  });
}

/** The digest mailed by the stack's own mail worker (with the stack's pepper and the local SES). */
async function mailedDigest(user: SignedIn, slot: string): Promise<StoredMail & { headers: Array<{ name: string; value: string }> }> {
  const known = (await mailsTo(user.email)).length;
  await deps.queue.send('mail', { kind: 'alert-digest', accountId: user.accountId, slot, waits: 8 } satisfies AlertDigestJob);
  return (await nextMailTo(user.email, known)) as StoredMail & { headers: Array<{ name: string; value: string }> };
}

const header = (mail: { headers: Array<{ name: string; value: string }> }, name: string) =>
  mail.headers.find((line) => line.name.toLowerCase() === name.toLowerCase())?.value;

/** The link's path and query, to call through the test's own loopback address. */
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

const siteLinkIn = (mail: StoredMail, site: WatchedSite) => {
  const part = mail.body.text.split('\n\n').find((block) => block.startsWith(`${site.label} (`));
  const link = /Turn off alerts for this site: (\S+)/.exec(part ?? '')?.[1];
  if (!link) throw new Error(`No unsubscribe link for ${site.label} in: ${mail.body.text}`);
  return link;
};

const oneClick = (client: ReturnType<typeof apiClient>, path: string) =>
  client.call(path, {
    method: 'POST',
    rawBody: 'List-Unsubscribe=One-Click',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

const alertsOf = async (site: WatchedSite) => (await getWatchedSite(deps.table, site.accountId, site.id))!.alertEnabled;

describe('alert mail unsubscribe', () => {
  it('carries RFC 8058 headers and a link per site; a link turns off its own sites only, and their pending alerts are not mailed', async () => {
    const user = await signUp();
    const [a, b, c] = [
      await seededSite(user.accountId, 'Shop A'),
      await seededSite(user.accountId, 'Shop B'),
      await seededSite(user.accountId, 'Shop C'),
    ];
    const first = `run-${randomUUID()}`;
    for (const site of [a, b]) expect(await appendDigestEntry(deps.table, user.accountId, entryFor(site, first), maxSites)).toBe('stored');

    const mail = await mailedDigest(user, first);
    expect(mail.subject).toBe('Score changes on 2 watched sites');
    const listUnsubscribe = header(mail, 'List-Unsubscribe');
    expect(listUnsubscribe).toMatch(/^<http:\/\/localhost:\d+\/api\/v1\/alerts\/unsubscribe\?token=[A-Za-z0-9_-]{86}>$/);
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const linkA = siteLinkIn(mail, a);
    expect(linkA).toMatch(/\?token=[A-Za-z0-9_-]{64}$/);
    expect(mail.body.html).toContain(`<a href="${linkA}">Turn off alerts for this site</a>`);
    expect(mail.body.text).toContain(`Turn off alerts for the 2 sites above: ${listUnsubscribe!.slice(1, -1)}`);

    // The page a person (or a mail scanner) opens changes nothing; its button posts the one-click form.
    const client = apiClient();
    const page = await client.call(pathOf(linkA));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain('Shop A');
    expect(page.text).toContain(`<form method="post" action="${pathOf(linkA).replaceAll('&', '&amp;')}">`);
    expect(page.text).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click">');
    expect(await alertsOf(a)).toBe(true);

    const done = await oneClick(client, pathOf(linkA));
    expect(done.status).toBe(200);
    expect(done.text).toContain('Alerts turned off');
    expect([await alertsOf(a), await alertsOf(b), await alertsOf(c)]).toEqual([false, true, true]);
    expect((await user.client.call(`/api/v1/watched-sites/${a.id}`, { key: user.apiKey })).body.site).toMatchObject({
      alertEnabled: false,
    });

    // The next sweep: A's alert (already pending) is cleared unsent, B and C still alert.
    const second = `run-${randomUUID()}`;
    for (const site of [a, b, c]) await appendDigestEntry(deps.table, user.accountId, entryFor(site, second, 40), maxSites);
    const next = await mailedDigest(user, second);
    expect(next.subject).toBe('Score changes on 2 watched sites');
    expect(next.body.text).not.toContain('Shop A');
    expect(next.body.text).toContain('Shop B (');
    expect(next.body.text).toContain('Shop C (');
    // The digest is cleared once its mail has gone: the mail can arrive first.
    await waitUntil(async () => (await pendingDigest(deps.table, user.accountId)).entries.length === 0, {
      timeoutMs: 10_000,
      intervalMs: 50,
      description: 'the sent digest to be cleared',
    });

    // One click on the first mail's header turns off both sites it listed; C keeps its alerts.
    expect((await oneClick(client, pathOf(listUnsubscribe!.slice(1, -1)))).status).toBe(200);
    expect([await alertsOf(a), await alertsOf(b), await alertsOf(c)]).toEqual([false, false, true]);
    await client.close();
  }, 60_000);

  it('refuses forged and damaged links, and answers every one of many concurrent clicks', async () => {
    const user = await signUp();
    const [site, other] = [await seededSite(user.accountId, 'Shop F'), await seededSite(user.accountId, 'Shop G')];
    const slot = `run-${randomUUID()}`;
    await appendDigestEntry(deps.table, user.accountId, entryFor(site, slot), maxSites);
    const link = header(await mailedDigest(user, slot), 'List-Unsubscribe')!.slice(1, -1);
    const token = new URL(link).searchParams.get('token')!;
    const client = apiClient();

    const flipped = `${token.slice(0, 40)}${token[40] === 'A' ? 'B' : 'A'}${token.slice(41)}`;
    // Signed with another pepper, naming the account's other site.
    const otherPepper = unsubscribeToken({ accountId: user.accountId, siteIds: [other.id] }, await deps.keyPepper());
    for (const forged of [flipped, otherPepper]) {
      const post = await oneClick(client, `/api/v1/alerts/unsubscribe?token=${forged}`);
      expect(post.status).toBe(404);
      expect(post.body).toEqual({ error: 'This unsubscribe link is not valid' });
      const get = await client.call(`/api/v1/alerts/unsubscribe?token=${forged}`);
      expect(get.status).toBe(404);
      expect(get.text).toContain('This link does not work');
    }
    for (const damaged of ['?token=abc', '?token=', '', `?token=${token}%21`]) {
      expect((await oneClick(client, `/api/v1/alerts/unsubscribe${damaged}`)).status).toBe(400);
      expect((await client.call(`/api/v1/alerts/unsubscribe${damaged}`)).status).toBe(400);
    }
    expect([await alertsOf(site), await alertsOf(other)]).toEqual([true, true]);

    const answers = await Promise.all(Array.from({ length: 12 }, () => oneClick(client, pathOf(link))));
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 12 }, () => 200));
    expect([await alertsOf(site), await alertsOf(other)]).toEqual([false, true]);
    await client.close();
  }, 60_000);
});

describe('the alert digest item', () => {
  const digestItem = async (accountId: string) =>
    (await deps.table.client.send(new GetCommand({ TableName: table(), Key: alertDigestKey(accountId), ConsistentRead: true }))).Item!;

  it(`holds at most ${maxSites} sites under concurrent rescans while mail keeps failing, counts the rest, and the next mail says so`, async () => {
    const user = await signUp();
    const sites: WatchedSite[] = [];
    for (let batch = 0; batch < 6; batch += 1)
      sites.push(
        ...(await Promise.all(Array.from({ length: 10 }, (_, index) => seededSite(user.accountId, `Bound ${batch * 10 + index}`)))),
      );
    const strangers = Array.from({ length: 60 }, (_, index) => ({
      id: randomUUID(),
      url: `https://gone-${index}.example/`,
      label: `Gone ${index}`,
    }));
    const slot = `run-${randomUUID()}`;
    // The largest entries a rescan can produce, two per site for the first 20 (the newest stays).
    const huge = (site: Pick<WatchedSite, 'id' | 'url' | 'label'>, score: number) => {
      const entry = entryFor({ ...site, url: `${site.url}${'p'.repeat(2_100)}` }, slot, score);
      return boundedEntry({
        ...entry,
        topFix: { title: 't'.repeat(200), fix: 'f'.repeat(1_000) },
        worse: Array.from({ length: 9 }, (_, i) => ({ id: `check-${i}`, title: 'w'.repeat(150), from: 'pass', to: 'fail' })),
      });
    };
    const append = (site: Pick<WatchedSite, 'id' | 'url' | 'label'>, score: number) =>
      appendDigestEntry(deps.table, user.accountId, huge(site, score), maxSites);
    // 60 sites at once: exactly 50 are kept.
    const first = await Promise.all(sites.map((site, index) => append(site, index)));
    expect(first.filter((outcome) => outcome === 'stored')).toHaveLength(maxSites);
    // Then sites that are not on the watchlist, racing newer rescans of the first 20 (kept if their site is).
    const kept = new Set(Object.keys((await digestItem(user.accountId)).sites as object));
    const second = await Promise.all([...strangers.map((site) => append(site, 1)), ...sites.slice(0, 20).map((site) => append(site, 99))]);
    expect(second.slice(0, strangers.length).every((outcome) => outcome === 'dropped')).toBe(true);
    expect(second.slice(strangers.length)).toEqual(sites.slice(0, 20).map((site) => (kept.has(site.id) ? 'stored' : 'dropped')));
    const dropped = [...first, ...second].filter((outcome) => outcome === 'dropped').length;
    let item = await digestItem(user.accountId);
    expect(Object.keys(item.sites as object).sort()).toEqual([...kept].sort());
    expect(item.dropped).toBe(dropped);
    const bytes = Buffer.byteLength(JSON.stringify(item));
    expect(bytes).toBeLessThan(275 * 1024);

    // SES keeps failing: each sweep's digest fails and keeps everything; later rescans stay bounded.
    const failing = { ...deps, mailer: { send: async () => Promise.reject(new Error('SES is down')) } } as Dependencies;
    for (let sweep = 0; sweep < 3; sweep += 1) {
      await expect(
        sendAlertDigest({ kind: 'alert-digest', accountId: user.accountId, slot: `run-${randomUUID()}`, waits: 8 }, failing),
      ).rejects.toThrow('SES is down');
      const more = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          appendDigestEntry(
            deps.table,
            user.accountId,
            huge({ id: randomUUID(), url: 'https://late.example/', label: `Late ${index}` }, 1),
            maxSites,
          ),
        ),
      );
      expect(more.every((outcome) => outcome === 'dropped')).toBe(true);
    }
    item = await digestItem(user.accountId);
    expect(Object.keys(item.sites as object)).toHaveLength(maxSites);
    expect(item.dropped).toBe(dropped + 60);

    // A rescan's alert into the full digest: logged and counted as a metric, and the mail still scheduled.
    const writes: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => writes.push(String(chunk)) > 0);
    const warn = vi.spyOn(deps.logger, 'warn').mockImplementation(() => undefined);
    try {
      const account = { id: user.accountId, tier: 'free' } as Parameters<typeof raiseRescanAlerts>[0]['account'];
      const late = { ...sites[0]!, id: randomUUID(), label: 'Latest' };
      const result = {
        id: randomUUID(),
        score: 30,
        createdAt: new Date().toISOString(),
        checks: [],
        recommendations: [],
      } as unknown as ScanResult;
      await raiseRescanAlerts({ account, site: late, result, scoreChange: -40, crossed: [], slot }, deps);
    } finally {
      write.mockRestore();
    }
    const metric = writes
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line[alertMetrics.digestEntryDropped] === 1);
    expect(metric).toMatchObject({
      Service: 'alerts',
      _aws: { CloudWatchMetrics: [{ Namespace: 'ReadinessScanner', Metrics: [{ Name: 'AlertDigestEntryDropped', Unit: 'Count' }] }] },
    });
    expect(warn).toHaveBeenCalledWith(
      'Alert digest full: entry counted, not kept',
      expect.objectContaining({ accountId: user.accountId, maxSites }),
    );
    warn.mockRestore();
    const totalDropped = dropped + 61;
    expect((await digestItem(user.accountId)).dropped).toBe(totalDropped);

    // Mail works again: one digest lists 25 sites, counts the other 25 and every dropped change, and clears them.
    const mail = await mailedDigest(user, `run-${randomUUID()}`);
    expect(mail.subject).toBe(`Score changes on more than ${maxSites} watched sites`);
    expect(mail.body.text).toContain(`…and ${maxSites - 25 + totalDropped} more site changes`);
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    // The mail worker clears what it mailed just after SES took the mail.
    await waitUntil(async () => Object.keys((await digestItem(user.accountId)).sites as object).length === 0, {
      timeoutMs: 10_000,
      intervalMs: 100,
      description: 'the mailed digest to be cleared',
    });
    expect((await digestItem(user.accountId)).dropped).toBe(0);
  }, 120_000);

  it('keeps an entry that a newer rescan replaced while its digest was being mailed', async () => {
    const user = await signUp();
    const [site, kept] = [await seededSite(user.accountId, 'Race A'), await seededSite(user.accountId, 'Race B')];
    const slot = `run-${randomUUID()}`;
    await appendDigestEntry(deps.table, user.accountId, entryFor(site, slot, 50, '2026-01-01T00:00:00.000Z'), maxSites);
    await appendDigestEntry(deps.table, user.accountId, entryFor(kept, slot, 50, '2026-01-01T00:00:00.000Z'), maxSites);
    const read = await pendingDigest(deps.table, user.accountId);
    // A newer rescan of A lands between the digest's read and its clearing.
    await appendDigestEntry(deps.table, user.accountId, entryFor(site, slot, 45, '2026-01-02T00:00:00.000Z'), maxSites);
    await clearConsumedDigest(deps.table, user.accountId, read);
    const after = await pendingDigest(deps.table, user.accountId);
    expect(after.entries.map((entry) => [entry.siteId, entry.score])).toEqual([[site.id, 45]]);
  });
});

describe('alerts a person can act on', () => {
  const rescanResult = (score: number) =>
    ({ id: randomUUID(), score, createdAt: new Date().toISOString(), checks: [], recommendations: [] }) as unknown as ScanResult;

  it("links the report and the site's page from PUBLIC_BASE_URL, and the site says its alerts are mailed", async () => {
    const user = await signUp();
    const site = await seededSite(user.accountId, 'Linked shop');
    const slot = `run-${randomUUID()}`;
    const result = rescanResult(58);
    const account = { id: user.accountId, tier: 'free' } as Parameters<typeof raiseRescanAlerts>[0]['account'];
    await raiseRescanAlerts({ account, site, result, scoreChange: -12, crossed: [], slot }, deps);

    const mail = await mailedDigest(user, slot);
    const base = new URL(header(mail, 'List-Unsubscribe')!.slice(1, -1)).origin;
    expect(mail.body.text).toContain(`  Report: ${base}/app/scans/${result.id}\n`);
    expect(mail.body.text).toContain(`  Site page (history, thresholds, alerts): ${base}/app/sites/${site.id}\n`);
    expect(mail.body.html).toContain(`<a href="${base}/app/scans/${result.id}">Report</a>`);
    expect(mail.body.html).toContain(`<a href="${base}/app/sites/${site.id}">Site page (history, thresholds, alerts)</a>`);

    // The site's page (a web route) and the site resource say where the alerts went: e-mail to the account.
    const client = apiClient();
    const page = await client.call(pathOf(`${base}/app/sites/${site.id}`));
    expect(page.status).toBe(200);
    expect(page.text).toContain(`data-site-id="${site.id}"`);
    await client.close();
    const mailed = { channel: 'email', address: user.email, webhooks: [], reason: null };
    for (const path of [`/api/v1/watched-sites/${site.id}`, `/api/v1/account/watched-sites/${site.id}`]) {
      const answer = await user.client.call(path, { key: user.apiKey });
      expect([answer.status, answer.body.site], path).toMatchObject([200, { alertsGoTo: mailed }]);
    }
    const overview = await user.client.call('/api/v1/account/overview', { key: user.apiKey });
    expect((overview.body.sites as { sites: Array<{ alertsGoTo: unknown }> }).sites[0]!.alertsGoTo).toMatchObject(mailed);
  }, 60_000);

  it('mails nothing when a webhook takes the alert, and the site names that webhook; alerts off say so', async () => {
    const user = await signUp({ tier: 'pro' });
    const site = await seededSite(user.accountId, 'Hooked shop');
    const created = await user.client.call('/api/v1/webhooks', {
      method: 'POST',
      key: user.apiKey,
      body: { url: 'http://127.0.0.1:9/hook', label: 'Ops channel', events: ['score_change'] },
    });
    expect(created.status).toBe(201);
    const webhookId = (created.body.webhook as { id: string }).id;
    const read = async () =>
      (await user.client.call(`/api/v1/account/watched-sites/${site.id}`, { key: user.apiKey })).body.site as {
        alertsGoTo: Record<string, unknown>;
      };
    expect((await read()).alertsGoTo).toEqual({
      channel: 'webhook',
      address: null,
      webhooks: [{ id: webhookId, label: 'Ops channel', url: 'http://127.0.0.1:9/hook' }],
      reason: null,
      events: [{ event: 'score_change', channel: 'webhook', webhookIds: [webhookId] }],
    });
    // The same rule in the rescan: the score change goes to the webhook, none to the digest.
    const slot = `run-${randomUUID()}`;
    const account = { id: user.accountId, tier: 'pro' } as Parameters<typeof raiseRescanAlerts>[0]['account'];
    await raiseRescanAlerts({ account, site, result: rescanResult(40), scoreChange: -30, crossed: [], slot }, deps);
    expect((await pendingDigest(deps.table, user.accountId)).entries).toEqual([]);

    const off = await user.client.call(`/api/v1/account/watched-sites/${site.id}`, {
      method: 'PATCH',
      key: user.apiKey,
      body: { alertEnabled: false },
    });
    expect((off.body.site as { alertsGoTo: unknown }).alertsGoTo).toMatchObject({
      channel: 'none',
      reason: 'Alerts are off for this site.',
    });
  }, 60_000);
});
