import { randomUUID } from 'node:crypto';
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { putOwnedScan } from '#shared/db/scan-store.js';
import type { ScanResult } from '#shared/model/scans/scan-result.js';
import { sampleResult } from '#test/support/scan-result-parts.js';
import { signUp, testTable } from './support/accounts.js';

/** The dashboard's owned report (GET /api/v1/scan/{id}/report) and the result's JSON, for one stored result. */
async function readBack(result: ScanResult) {
  const user = await signUp({ tier: 'pro' });
  await putOwnedScan(testTable(), result, user.accountId);
  const json = await user.client.call(`/api/v1/scan/${result.id}`, { key: user.apiKey });
  const report = await user.client.call(`/api/v1/scan/${result.id}/report`, { key: user.apiKey, headers: { accept: 'text/html' } });
  expect([json.status, report.status]).toEqual([200, 200]);
  return { json: json.body as unknown as ScanResult, $: cheerio.load(report.text) };
}

describe("a stored result's assistants, by role, through the API and the dashboard's report", () => {
  it('gives the access and the edge probe back as stored, and the owned report shows them', async () => {
    const result = { ...sampleResult(), id: randomUUID() };
    const { json, $ } = await readBack(result);
    expect(json.assistants).toEqual(result.assistants);
    expect($('table.assistants thead th').last().text()).toBe('Search and user visits');
    expect($('table.assistants li.edge').text()).toBe(
      'Edge: Perplexity-User was refused (HTTP 403) where the scanner got HTTP 200 on https://shop.example/.',
    );
  });

  it('answers a result stored before the split with no access for each assistant, and the report as before', async () => {
    const older = JSON.parse(JSON.stringify({ ...sampleResult(), id: randomUUID() })) as { assistants: Array<{ access?: unknown }> };
    for (const assistant of older.assistants) delete assistant.access;
    const { json, $ } = await readBack(older as unknown as ScanResult);
    expect(json.assistants.map((assistant) => assistant.access)).toEqual(older.assistants.map(() => []));
    expect(
      $('table.assistants thead th')
        .toArray()
        .map((th) => $(th).text()),
    ).toEqual(['Assistant', 'Verdict', 'First failing step', 'First fix']);
  });
});
