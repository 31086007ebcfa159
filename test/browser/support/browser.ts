import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

/** Debian's Chromium (`.ci/run` installs the package when it is missing); no browser is ever downloaded. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Screenshots for review, in a folder git ignores. */
export const screenshotDir = fileURLToPath(new URL('../../../test-results/screenshots/', import.meta.url));

// As root and with no network beyond loopback: no sandbox, and none of Chromium's background connections.
const launchArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: launchArgs });
}

/**
 * The browser a test file's tests share: launched before them and closed after them (registered by
 * calling this at the top of the file); read it inside the tests.
 */
export function sharedBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (browser === undefined) throw new Error('The browser is used before it was launched');
    return browser;
  };
}

/** The address of the browser tests' own local stack (test/browser/global-setup.ts). */
export const webBase = (): string => inject('webBaseUrl');

export const desktop: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };
export const phone: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/**
 * Every console error and uncaught exception of a page, to assert there are none. Chromium reports a
 * document that answers 404 as a failed load; for a page that is a 404 on purpose that is not an error.
 */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const documentNotFound = message.location().url === page.url() && / status of 404 /.test(message.text());
    if (!documentNotFound) errors.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}

/** The whole page by default; `firstScreen` for pages too long to be worth a full picture (the API reference). */
export async function screenshot(page: Page, name: string, extent: 'fullPage' | 'firstScreen' = 'fullPage'): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  // JPEG: a long page's PNG takes seconds of CPU to encode, which CI's two cores spend on tests instead.
  await page.screenshot({ path: `${screenshotDir}${name}.jpg`, type: 'jpeg', quality: 70, fullPage: extent === 'fullPage' });
}

/**
 * axe-core's serious and critical violations on the page as it is now, as readable lines; `include` limits
 * the audit to those parts (a long page whose whole another test audits).
 */
export async function seriousViolations(page: Page, exclude: readonly string[] = [], include: readonly string[] = []): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  for (const selector of include) builder.include(selector);
  for (const selector of exclude) builder.exclude(selector);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}
