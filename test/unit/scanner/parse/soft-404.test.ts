import { describe, expect, it } from 'vitest';
import { looksLikeHtmlDocument, stripBom } from '#shared/scanner/parse/soft-404.js';

describe('looksLikeHtmlDocument', () => {
  it.each([
    '<!DOCTYPE html><html><body>x</body></html>',
    '\uFEFF\n  <!doctype HTML>\n<html lang="en">',
    '<!-- generated --><html>',
    '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml">',
    '<head><title>404</title></head>',
    '<script>location.href="/"</script>',
  ])('recognises an HTML page: %s', (body) => {
    expect(looksLikeHtmlDocument(body)).toBe(true);
  });

  it.each([
    '# Acme\n\nSome <b>inline</b> HTML in Markdown.',
    'User-agent: *\nDisallow: /',
    '{"html":"<html>"}',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>',
    '',
  ])('does not flag other content: %s', (body) => {
    expect(looksLikeHtmlDocument(body)).toBe(false);
  });

  it('answers promptly for a long run of comments that ends in non-HTML', () => {
    expect(looksLikeHtmlDocument(`${'<!---->'.repeat(580)}plain text`)).toBe(false);
    expect(looksLikeHtmlDocument(`${'<!-- x -->'.repeat(50)}<html>`)).toBe(true);
  });

  it('strips only a leading byte-order mark', () => {
    expect(stripBom('\uFEFFabc')).toBe('abc');
    expect(stripBom('a\uFEFF')).toBe('a\uFEFF');
  });
});
