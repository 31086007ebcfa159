import { describe, expect, it } from 'vitest';
import { desktop, seriousViolations, sharedBrowser, watchErrors, webBase } from './support/browser.js';

const browser = sharedBrowser();

describe('the API reference /docs', () => {
  it('draws every operation of /api/openapi.json with the bundle the service serves, no CDN, no accessibility violation around it', async () => {
    const context = await browser().newContext(desktop);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const outside: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(webBase()) && !/^(data|blob):/.test(request.url())) outside.push(request.url());
    });
    const response = await page.goto(`${webBase()}/docs`);
    expect(response?.status()).toBe(200);
    // The page itself is small; the renderer is a separate, cached file.
    expect((await response!.body()).length).toBeLessThan(100_000);
    expect(await page.title()).toBe('API reference - Agent Readiness Scanner');
    await page.locator('h2', { hasText: 'Scan a URL (homepage only)' }).first().waitFor({ timeout: 20_000 });
    const document = (await (await fetch(`${webBase()}/api/openapi.json`)).json()) as {
      paths: Record<string, object>;
      webhooks: Record<string, object>;
    };
    const operations = [...Object.values(document.paths), ...Object.values(document.webhooks)].flatMap((item) => Object.keys(item)).length;
    // Redoc gives each operation and webhook a section with an id like "tag/Public-scanner/operation/createPublicScan".
    expect(await page.locator('[id*="/operation/"]').count()).toBe(operations);
    // Redoc's search box stays inside its menu column (the site's own input rules stop at <redoc>).
    const [search, menu] = await Promise.all([
      page.getByPlaceholder('Search...').boundingBox(),
      page.locator('.menu-content').first().boundingBox(),
    ]);
    expect(search!.x).toBeGreaterThanOrEqual(menu!.x);
    expect(search!.x + search!.width).toBeLessThanOrEqual(menu!.x + menu!.width);
    expect(outside).toEqual([]);
    expect(errors).toEqual([]);
    // The page around the reference; Redoc's own markup (thousands of nodes) is the library's and takes
    // axe most of a minute to read.
    expect(await seriousViolations(page, ['redoc'])).toEqual([]);
    await context.close();
  });
});
