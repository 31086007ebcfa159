import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScanResult } from '#shared/scanner/engine.js';
import type { AssistantRecord } from '#shared/model/scans/scan-result.js';
import { signalStatusLabels, verdictLabels } from '#shared/model/scans/result-labels.js';
import { findingFor, findingsOf } from '#shared/model/scans/findings.js';
import { startShop, type RunningShop } from '#test/fixtures/shop-server.js';
import { assistantsOf, signalsOf } from '#test/support/scan-result-parts.js';
import { desktop, phone, screenshot, seriousViolations, sharedBrowser, watchErrors, webBase } from './support/browser.js';
import { storedPublicResult } from './support/stored-results.js';

const browser = sharedBrowser();
let shop: RunningShop;
/** A real scan of the shop; where the engine leaves a part empty, the hand-made one stands in. */
let result: ScanResult;
/** A result as a scanner before the two parts stored it. */
let older: ScanResult;

/** Each assistant's access by role as the scan found it, or the hand-made one (with an edge refusal) where it found none. */
function withAccess(assistants: AssistantRecord[], handMade: AssistantRecord[]): AssistantRecord[] {
  return assistants.map((assistant) =>
    assistant.access.length > 0 ? assistant : { ...assistant, access: handMade.find((made) => made.id === assistant.id)?.access ?? [] },
  );
}

beforeAll(async () => {
  shop = await startShop('typical-gaps');
  result = await storedPublicResult(`${shop.origin}/`, 'growth', (scanned) => ({
    ...scanned,
    signals: scanned.signals.length > 0 ? scanned.signals : signalsOf(shop.origin),
    assistants: withAccess(scanned.assistants.length > 0 ? scanned.assistants : assistantsOf(scanned), assistantsOf(scanned)),
  }));
  older = await storedPublicResult(`${shop.origin}/`, 'free', (scanned) => ({ ...scanned, id: randomUUID(), signals: [], assistants: [] }));
});

afterAll(async () => {
  await shop?.close();
});

describe('the report page: which assistants can shop here, and the agent-facing documents', () => {
  it('shows both with JavaScript off: a row per assistant and per document, statuses in words, fixes linked', async () => {
    const context = await browser().newContext({ ...desktop, javaScriptEnabled: false });
    const page = await context.newPage();
    const errors = watchErrors(page);
    expect((await page.goto(`${webBase()}/r/${result.id}`))?.status()).toBe(200);
    // After the summary (which gives the verdicts in short), the fixes and the score.
    expect((await page.locator('main h2').allTextContents()).slice(0, 3)).toEqual([
      'Fixes, most important first',
      'How this score is calculated',
      'Which assistants can shop here',
    ]);
    // The table is one click away, without script.
    await page.locator('details.assistants-detail > summary').click();

    const assistants = page.locator('table.assistants tbody tr');
    expect(await assistants.count()).toBe(result.assistants.length);
    expect(await assistants.locator('th[scope="row"]').allTextContents()).toEqual(result.assistants.map((assistant) => assistant.name));
    expect(await assistants.locator('.verdict strong').allTextContents()).toEqual(
      result.assistants.map((assistant) => verdictLabels[assistant.verdict]),
    );

    const documents = page.locator('table.signals tbody tr');
    expect(await documents.count()).toBe(result.signals.length);
    expect(await documents.locator('.status').allTextContents()).toEqual(result.signals.map((signal) => signalStatusLabels[signal.status]));
    const fetched = result.signals.filter((signal) => signal.status === 'valid' || signal.status === 'invalid');
    expect(await page.locator('table.signals a').count()).toBe(fetched.length);

    // A first fix leads to its entry among the fixes, without script.
    const withFix = result.assistants.find((assistant) => result.recommendations.some((fix) => fix.checkId === assistant.firstFix));
    expect(withFix).toBeDefined();
    // A fix another's change carries (decision 091) leads to that change's entry.
    const fix = findingFor(findingsOf(result.recommendations), withFix!.firstFix!)!;
    await page.locator('table.assistants a', { hasText: fix.lead.title }).first().click();
    expect(page.url()).toBe(`${webBase()}/r/${result.id}#fix-${fix.checkId}`);
    expect(await page.locator('ol.fixes > li:target h3').textContent()).toBe(fix.lead.title);
    await page.locator('ol.fixes > li:target').scrollIntoViewIfNeeded();
    expect(await page.locator('ol.fixes > li:target').isVisible()).toBe(true);

    await page.goto(`${webBase()}/r/${result.id}`);
    for (const detail of ['details.assistants-detail', 'details.signals-detail']) await page.locator(`${detail} > summary`).click();
    await screenshot(page, 'report-assistants-1280');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reads at 390 px: the rows stack under their names, the page does not scroll sideways', async () => {
    const context = await browser().newContext(phone);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${webBase()}/r/${result.id}`);
    for (const detail of ['details.assistants-detail', 'details.signals-detail']) await page.locator(`${detail} > summary`).click();
    expect(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBeLessThanOrEqual(0);
    for (const table of ['table.assistants', 'table.signals']) {
      // The column headers are off screen (still read out); each row is its name above its cells.
      expect((await page.locator(`${table} thead`).boundingBox())?.width, table).toBeLessThanOrEqual(1);
      const name = await page.locator(`${table} tbody tr:first-child th`).boundingBox();
      const cell = await page.locator(`${table} tbody tr:first-child td:first-of-type`).boundingBox();
      expect(cell!.y, table).toBeGreaterThanOrEqual(name!.y + name!.height - 1);
    }
    // Each assistant's search and user-initiated visits, and the edge's finding, wrap inside the screen.
    const access = page.locator('table.assistants ul.access > li');
    expect(await access.count()).toBeGreaterThan(result.assistants.length);
    for (const box of await Promise.all((await access.all()).map((item) => item.boundingBox()))) {
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    }
    expect(await page.locator('table.assistants li.edge').first().isVisible()).toBe(true);
    await screenshot(page, 'report-assistants-390');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says so for a result stored before either part existed, and draws no empty table', async () => {
    const page = await browser().newPage();
    await page.goto(`${webBase()}/r/${older.id}`);
    expect(await page.locator('table.assistants, table.signals').count()).toBe(0);
    expect(await page.locator('#assistants-title + p').textContent()).toContain('does not judge each assistant');
    expect(await page.locator('#signals-title + p').textContent()).toContain('does not list the agent-facing documents');
    await page.close();
  });

  // The whole report is audited by report.test.ts; here axe reads the two sections, which on a long report
  // takes a fraction of the time.
  const sections = ['section[aria-labelledby="assistants-title"]', 'section[aria-labelledby="signals-title"]'];

  it('has no serious or critical accessibility violations at 1280 px, with and without both parts', async () => {
    const context = await browser().newContext(desktop);
    const page = await context.newPage();
    for (const id of [result.id, older.id]) {
      await page.goto(`${webBase()}/r/${id}`);
      expect(await seriousViolations(page, [], sections), id).toEqual([]);
    }
    await context.close();
  });

  it('has no serious or critical accessibility violations at 390 px', async () => {
    const context = await browser().newContext(phone);
    const page = await context.newPage();
    await page.goto(`${webBase()}/r/${result.id}`);
    expect(await seriousViolations(page, [], sections)).toEqual([]);
    await context.close();
  });
});
