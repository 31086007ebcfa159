import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as cheerio from 'cheerio';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { browserBundlesFolder, browserSourceFolder, buildBrowserBundles } from '#lib/browser-bundling.js';
import { bundleDefines, bundleFiles, functionBundling } from '#lib/function-bundling.js';
import {
  browserBundles,
  browserFileNames,
  bundleFileName,
  inlineScripts,
  pageScripts,
  siteStyles,
  type PageScript,
} from '#shared/http/pages/assets/browser-files.js';
import { pageScript, stylesheet, webAsset, type WebAsset } from '#shared/http/pages/assets/web-assets.js';
import { dashboardPage } from '#shared/http/pages/dashboard-page.js';
import { pageNotFoundPage } from '#shared/http/pages/not-found-page.js';
import { ownedReportPage } from '#shared/http/pages/owned-report-page.js';
import { scannerPage } from '#shared/http/pages/scanner-page.js';
import { signInFormPage } from '#shared/http/pages/sign-in-form-page.js';
import { signInPage, signInPageCsp } from '#shared/http/pages/sign-in-page.js';
import { watchedSitePage } from '#shared/http/pages/watched-site-page.js';

const repositoryRoot = new URL('../../../../', import.meta.url);
const assets = new URL('shared/http/pages/assets/', repositoryRoot);
const file = (name: string) => readFileSync(new URL(name, assets), 'utf8');
const sha256 = (text: string, encoding: 'hex' | 'base64') => createHash('sha256').update(text, 'utf8').digest(encoding);
const built = buildBrowserBundles();

describe('the pages are served the browser files as they are written and built', () => {
  it('serves the stylesheet joined from its parts byte for byte, named by the hash of that content', () => {
    const joined = siteStyles.map(file).join('\n');
    expect(stylesheet.body).toBe(joined);
    expect(stylesheet.file).toBe(`site.${sha256(joined, 'hex').slice(0, 12)}.css`);
    expect(webAsset(stylesheet.file)).toBe(stylesheet);
    expect(stylesheet.contentType).toBe('text/css; charset=utf-8');
    expect([...siteStyles].sort()).toEqual(
      readdirSync(assets)
        .filter((name) => name.endsWith('.css'))
        .sort(),
    );
  });

  it('serves each page script as the bundle built from browser/pages/<name>.ts now, named by its hash', () => {
    for (const name of pageScripts) {
      const served = pageScript(name);
      expect(served.body, name).toBe(built.get(name));
      expect(file(bundleFileName(name)), name).toBe(built.get(name));
      expect(served.file).toBe(`${name}.${sha256(served.body, 'hex').slice(0, 12)}.js`);
      expect(served.contentType).toBe('text/javascript; charset=utf-8');
      expect(webAsset(served.file)).toBe(served);
    }
    expect(webAsset('site.000000000000.js')).toBeNull();
  });

  it('builds one bundle per entry of browser/pages/, and the generated folder holds those alone', () => {
    const entries = readdirSync(path.join(browserSourceFolder, 'pages')).map((name) => name.replace(/\.ts$/, ''));
    expect([...browserBundles].sort()).toEqual(entries.sort());
    expect(readdirSync(browserBundlesFolder).sort()).toEqual(browserBundles.map((name) => `${name}.js`).sort());
  });

  it('builds readable ES2017 scripts: one IIFE each, not minified, with no import or export left', () => {
    for (const [name, text] of built) {
      expect(text.startsWith('"use strict";\n(() => {\n'), name).toBe(true);
      expect(text.trimEnd().endsWith('})();'), name).toBe(true);
      expect(text, name).not.toMatch(/^\s*(import|export)\s/m);
      expect(text.split('\n').length, name).toBeGreaterThan(40);
    }
  });

  it('links on every page its own bundle, and the site bundle on pages without one', () => {
    const linked = (page: string) => cheerio.load(page)('script[src^="/assets/"]').attr('src');
    const pages: Array<[PageScript, string]> = [
      ['scanner', scannerPage({ origin: 'https://example.test', freeScansPerDay: 3 })],
      ['sign-in-form', signInFormPage({ linkValidityMinutes: 15 })],
      ['owned-report', ownedReportPage('00000000-0000-4000-8000-000000000000')],
      ['dashboard', dashboardPage({ origin: 'https://example.test' })],
      ['watched-site', watchedSitePage('00000000-0000-4000-8000-000000000000')],
      ['site', pageNotFoundPage()],
      ['site', signInPage()],
    ];
    for (const [name, page] of pages) expect(linked(page), name).toBe(`/assets/${pageScript(name).file}`);
  });

  it('inlines the sign-in bundle in the sign-in page, and its CSP allows exactly that text', () => {
    expect(inlineScripts).toEqual(['sign-in']);
    const inline = cheerio.load(signInPage())('script:not([src])').text();
    expect(inline).toBe(built.get('sign-in'));
    expect(signInPageCsp).toContain(`'sha256-${sha256(inline, 'base64')}'`);
  });
});

describe('the browser files in a function bundle', () => {
  const outdir = mkdtempSync(path.join(tmpdir(), 'browser-files-'));
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('are copied beside the bundle of every function that renders pages, and only those', () => {
    for (const name of ['web', 'scanner', 'auth', 'sites'] as const) {
      const copied = bundleFiles(name).filter((entry) => (browserFileNames as readonly string[]).includes(entry.name));
      expect(copied.map((entry) => entry.name)).toEqual([...browserFileNames]);
      for (const entry of copied) expect(readFileSync(entry.from, 'utf8')).toBe(file(entry.name));
      expect(Object.keys(bundleDefines(name))).toEqual([]);
    }
    expect(browserFileNames).toEqual(expect.arrayContaining(browserBundles.map(bundleFileName)));
    for (const name of ['account', 'batchScan'] as const) expect(bundleFiles(name)).toEqual([]);
  });

  it('serves them from a bundle with the copied files beside it and no sources', async () => {
    const outfile = path.join(outdir, 'web-assets.mjs');
    await build({
      entryPoints: [new URL('web-assets.ts', assets).pathname],
      bundle: true,
      outfile,
      platform: functionBundling.platform,
      format: functionBundling.format,
      target: functionBundling.target,
      minify: functionBundling.minify,
      banner: { js: functionBundling.banner },
      define: bundleDefines('web'),
      logLevel: 'error',
    });
    for (const entry of bundleFiles('web')) {
      mkdirSync(path.dirname(path.join(outdir, entry.name)), { recursive: true });
      copyFileSync(entry.from, path.join(outdir, entry.name));
    }
    const bundled = (await import(pathToFileURL(outfile).href)) as {
      stylesheet: WebAsset;
      pageScript: (name: PageScript) => WebAsset;
      inlineScript: (name: 'sign-in') => string;
    };
    expect(bundled.stylesheet).toEqual(stylesheet);
    for (const name of pageScripts) expect(bundled.pageScript(name)).toEqual(pageScript(name));
    expect(bundled.inlineScript('sign-in')).toBe(built.get('sign-in'));
  });
});
