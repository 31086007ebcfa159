import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as cheerio from 'cheerio';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleDefines, bundleFiles, functionBundling } from '#lib/function-bundling.js';
import { browserFileNames, siteScripts, siteStyles } from '#shared/http/pages/assets/browser-files.js';
import { script, stylesheet, webAsset, type WebAsset } from '#shared/http/pages/assets/web-assets.js';
import { signInPage, signInPageCsp } from '#shared/http/pages/sign-in-page.js';

const repositoryRoot = new URL('../../../../', import.meta.url);
const assets = new URL('shared/http/pages/assets/', repositoryRoot);
const file = (name: string) => readFileSync(new URL(name, assets), 'utf8');
const sha256 = (text: string, encoding: 'hex' | 'base64') => createHash('sha256').update(text, 'utf8').digest(encoding);

describe('the pages are served the browser files as they are written', () => {
  it('serves the stylesheet and the script joined from their parts byte for byte, named by the hash of that content', () => {
    for (const [served, names, extension] of [
      [stylesheet, siteStyles, 'css'],
      [script, siteScripts, 'js'],
    ] as const) {
      const joined = names.map(file).join('\n');
      expect(served.body).toBe(joined);
      expect(served.file).toBe(`site.${sha256(joined, 'hex').slice(0, 12)}.${extension}`);
      expect(webAsset(served.file)).toBe(served);
    }
    expect(stylesheet.contentType).toBe('text/css; charset=utf-8');
    expect(script.contentType).toBe('text/javascript; charset=utf-8');
  });

  it('joins every script file of the folder but the sign-in page own, the shared helpers first and the dashboard last', () => {
    const onDisk = readdirSync(assets).filter((name) => name.endsWith('.js') && name !== 'sign-in.js');
    expect([...siteScripts].sort()).toEqual(onDisk.sort());
    expect(siteScripts[0]).toBe('core.js');
    expect(siteScripts.at(-1)).toBe('dashboard.js');
    expect([...siteStyles].sort()).toEqual(
      readdirSync(assets)
        .filter((name) => name.endsWith('.css'))
        .sort(),
    );
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

  it('are copied beside the bundle of every function that renders pages, and only those', () => {
    for (const name of ['web', 'scanner', 'auth', 'sites'] as const) {
      const copied = bundleFiles(name).filter((entry) => (browserFileNames as readonly string[]).includes(entry.name));
      expect(copied.map((entry) => entry.name)).toEqual([...browserFileNames]);
      for (const entry of copied) expect(readFileSync(entry.from, 'utf8')).toBe(file(entry.name));
      expect(Object.keys(bundleDefines(name))).toEqual([]);
    }
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
    for (const entry of bundleFiles('web')) copyFileSync(entry.from, path.join(outdir, entry.name));
    const bundled = (await import(pathToFileURL(outfile).href)) as { stylesheet: WebAsset; script: WebAsset };
    expect(bundled.stylesheet).toEqual(stylesheet);
    expect(bundled.script).toEqual(script);
  });
});
