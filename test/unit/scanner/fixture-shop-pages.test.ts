/**
 * Product-page recognition on every page of the fixture shops (issue 42): each product page is confirmed
 * from the page itself, as served and with its product markup taken out; no homepage, listing, cart,
 * article, error or challenge page is, in either form.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isConfirmedProduct } from '#shared/scanner/discovery.js';
import { SHOPS_DIR } from '#test/fixtures/shop-server.js';
import { textOnlyPage } from '#test/support/text-only-page.js';
import { buildArtifacts } from '#test/unit/scanner/checks/build-artifacts.js';

function htmlFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) return htmlFiles(file);
    return name.endsWith('.html') ? [file] : [];
  });
}

const pages = htmlFiles(SHOPS_DIR)
  .map((file) => path.relative(SHOPS_DIR, file))
  .sort()
  .map((relative) => ({ relative, product: relative.split(path.sep)[1] === 'products' }));

function confirmed(relative: string, form: 'served' | 'text-only'): boolean {
  const served = readFileSync(path.join(SHOPS_DIR, relative), 'utf8').replaceAll('{{origin}}', 'https://shop.example');
  const html = form === 'served' ? served : textOnlyPage(served);
  const { productPages } = buildArtifacts({ products: [html] });
  return isConfirmedProduct(productPages[0]!);
}

describe('product pages of the fixture shops, recognised from the page itself', () => {
  it('covers product pages and each kind of page that is not one', () => {
    const others = pages.filter((page) => !page.product).map((page) => page.relative);
    expect(pages.filter((page) => page.product).length).toBeGreaterThanOrEqual(20);
    for (const kind of [/collections|teas/, /cart|basket/, /blogs|journal/, /index/])
      expect(
        others.some((relative) => kind.test(relative)),
        String(kind),
      ).toBe(true);
  });

  it.each(pages.filter((page) => page.product).map((page) => page.relative))('%s is a product page, served and text-only', (relative) => {
    expect(confirmed(relative, 'served')).toBe(true);
    expect(confirmed(relative, 'text-only')).toBe(true);
  });

  it.each(pages.filter((page) => !page.product).map((page) => page.relative))('%s is not, served or text-only', (relative) => {
    expect(confirmed(relative, 'served')).toBe(false);
    expect(confirmed(relative, 'text-only')).toBe(false);
  });
});
