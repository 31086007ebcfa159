import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as cheerio from 'cheerio';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleDefines, functionBundling } from '#lib/function-bundling.js';
import { browserFileNames } from '#shared/http/pages/assets/browser-files.js';
import { script, stylesheet, webAsset, type WebAsset } from '#shared/http/pages/assets/web-assets.js';
import { signInPage, signInPageCsp } from '#shared/http/pages/sign-in-page.js';

const repositoryRoot = new URL('../../../../', import.meta.url);
const assets = new URL('shared/http/pages/assets/', repositoryRoot);
const file = (name: string) => readFileSync(new URL(name, assets), 'utf8');
const sha256 = (text: string, encoding: 'hex' | 'base64') => createHash('sha256').update(text, 'utf8').digest(encoding);

describe('the pages are served the browser files as they are written', () => {
  it('serves site.css and site.js byte for byte, named by the hash of that content', () => {
    for (const [served, name] of [
      [stylesheet, 'site.css'],
      [script, 'site.js'],
    ] as const) {
      expect(served.body).toBe(file(name));
      expect(served.file).toBe(`site.${sha256(file(name), 'hex').slice(0, 12)}.${name.split('.')[1]}`);
      expect(webAsset(served.file)).toBe(served);
    }
    expect(stylesheet.contentType).toBe('text/css; charset=utf-8');
    expect(script.contentType).toBe('text/javascript; charset=utf-8');
  });

  it('inlines sign-in.js in the sign-in page, and its CSP allows exactly that text', () => {
    const inline = cheerio.load(signInPage())('script:not([src])').text();
    expect(inline).toBe(file('sign-in.js'));
    expect(signInPageCsp).toContain(`'sha256-${sha256(file('sign-in.js'), 'base64')}'`);
  });
});

describe('the browser files in a function bundle', () => {
  const outdir = mkdtempSync(path.join(tmpdir(), 'browser-files-'));
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('are written in by bundleDefines for every function that renders pages, and only those', () => {
    for (const name of ['web', 'scanner', 'auth', 'sites'] as const) {
      expect(JSON.parse(bundleDefines(name).BROWSER_FILES!)).toEqual(Object.fromEntries(browserFileNames.map((n) => [n, file(n)])));
    }
    for (const name of ['meta', 'account', 'batchScan'] as const) expect(bundleDefines(name).BROWSER_FILES).toBeUndefined();
    // CDK passes each define to esbuild as one command-line argument; Linux caps one at 128 KiB.
    expect(Buffer.byteLength(bundleDefines('web').BROWSER_FILES!)).toBeLessThan(120_000);
  });

  it('serves them from a bundle with no source files beside it', async () => {
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
    const bundled = (await import(pathToFileURL(outfile).href)) as { stylesheet: WebAsset; script: WebAsset };
    expect(bundled.stylesheet).toEqual(stylesheet);
    expect(bundled.script).toEqual(script);
  });
});
