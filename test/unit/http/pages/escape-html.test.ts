import { describe, expect, it } from 'vitest';
import { escapeHtml } from '#shared/model/escape-html.js';

describe('escapeHtml', () => {
  it('escapes the five HTML-special characters', () => {
    expect(escapeHtml(`<>&"'`)).toBe('&lt;&gt;&amp;&quot;&#39;');
  });

  it('leaves other text alone and escapes an ampersand only once', () => {
    expect(escapeHtml('Café & co: a&amp;b')).toBe('Café &amp; co: a&amp;amp;b');
  });
});
