import { describe, expect, it } from 'vitest';
import { html, SafeHtml } from '#shared/http/pages/html.js';

describe('html templates', () => {
  it('escapes every interpolated value', () => {
    const name = `<img src=x onerror="alert('x')">`;
    expect(html`<p title="${name}">${name}</p>`.value).toBe(
      '<p title="&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;">&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;</p>',
    );
  });

  it('keeps nested templates as markup and escapes the strings inside arrays', () => {
    const items = ['<b>', 'plain'];
    expect(html`<ul>${items.map((item) => html`<li>${item}</li>`)}</ul>`.value).toBe('<ul><li>&lt;b&gt;</li><li>plain</li></ul>');
    expect(html`${['<i>', html`<i>`]}`.value).toBe('&lt;i&gt;<i>');
  });

  it('renders null, undefined and booleans as nothing and numbers as text', () => {
    const missing: string | null = null;
    expect(html`[${missing}${undefined}${false}${true}${0}${12.5}]`.value).toBe('[012.5]');
    expect(html`${missing !== null && html`<b>never</b>`}`.value).toBe('');
  });

  it('is SafeHtml that prints as its markup', () => {
    const fragment = html`<em>${'a&b'}</em>`;
    expect(fragment).toBeInstanceOf(SafeHtml);
    expect(String(fragment)).toBe('<em>a&amp;b</em>');
  });
});
