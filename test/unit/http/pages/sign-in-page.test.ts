import { createHash } from 'node:crypto';
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { signInPage, signInPageCsp } from '#shared/http/pages/sign-in-page.js';
import { routes } from '#shared/http/routes.js';
import { callRoute } from '#test/unit/http/call-route.js';
import { runPageScript, settle } from '#test/unit/http/pages/fake-browser.js';

const wellFormedToken = 'Qk3x_9vYw-2LmN8pR4sT6uV0aB1cD5eF7gH3iJ2kL0m';
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');
const issued = {
  kind: 'apiKey',
  apiKey: 'ars_live_0123456789abcdef',
  key: { id: 'key_1', keyPrefix: 'ars_live_0123', label: 'Sign-in key', scopes: ['scans:read'] },
  replacedKeyId: null,
  message: 'Signed in. Your new key carries every scope.',
};
const session = {
  kind: 'session',
  sessionToken: 'sess_0123456789abcdef',
  expiresAt: '2026-01-01T12:00:00.000Z',
  message: 'Your free plan allows 1 API key and your account has 1: they keep working.',
};

describe('sign-in page', () => {
  const page = signInPage();
  const $ = cheerio.load(page);

  it('allows exactly its own inline script by hash, besides the site stylesheet and script', () => {
    const inline = $('script:not([src])');
    expect(inline).toHaveLength(1);
    expect(signInPageCsp).toContain(`script-src 'self' 'sha256-${sha256(inline.text())}'`);
    expect(signInPageCsp.split('; ')).toContain("style-src 'self'");
    expect($('script[src]').attr('src')).toMatch(/^\/assets\/site\.[0-9a-f]{12}\.js$/);
    expect($('link[rel=stylesheet]').attr('href')).toMatch(/^\/assets\/site\.[0-9a-f]{12}\.css$/);
    expect($('style')).toHaveLength(0);
    expect($('[style]')).toHaveLength(0);
  });

  it('locks everything else down', () => {
    for (const directive of [
      "default-src 'none'",
      "connect-src 'self'",
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
      "require-trusted-types-for 'script'",
      "trusted-types 'none'",
    ]) {
      expect(signInPageCsp.split('; ')).toContain(directive);
    }
    expect($('meta[name="robots"]').attr('content')).toBe('noindex');
    expect($('meta[name="referrer"]').attr('content')).toBe('no-referrer');
  });

  it('is static: a button, no token, no HTML-string sinks', () => {
    expect($('button#create').text()).toBe('Finish signing in');
    expect($('p.lead').text()).toContain('Signing in never revokes a key');
    expect(page).not.toMatch(/token=|[A-Za-z0-9_-]{32,}/);
    expect(page).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
    expect(signInPage()).toBe(page);
  });

  it('drops the token from the address bar and spends it only on a click', async () => {
    const browser = runPageScript(page, `?token=${wellFormedToken}`, () => ({ status: 200, body: issued }));
    expect(browser.location.search).toBe('');
    expect(browser.fetches).toHaveLength(0);

    browser.element('create').click();
    expect(browser.element('create').disabled).toBe(true);
    await settle();

    expect(browser.fetches).toEqual([
      {
        url: '/api/v1/auth/verify',
        init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: wellFormedToken }) },
      },
    ]);
    const result = browser.element('result');
    expect(result.children.find((child) => child.tagName === 'code')?.textContent).toBe(issued.apiKey);
    expect(result.allText).toContain('This key is shown only once. Store it now.');
    expect(result.allText).toContain(issued.message);
  });

  it('at the key limit shows no key: it says the keys keep working and offers the dashboard', async () => {
    const browser = runPageScript(page, `?token=${wellFormedToken}`, () => ({ status: 200, body: session }));
    browser.element('create').click();
    await settle();
    const result = browser.element('result');
    expect(result.children.find((child) => child.tagName === 'code')).toBeUndefined();
    expect(result.allText).toContain('You are signed in. Your API keys keep working.');
    expect(result.allText).toContain(session.message);
    expect(result.allText).not.toContain(session.sessionToken);
    expect(result.children.find((child) => child.tagName === 'button')?.textContent).toBe('Open my dashboard');
  });

  it('copies the key to the clipboard', async () => {
    const browser = runPageScript(page, `?token=${wellFormedToken}`, () => ({ status: 200, body: issued }));
    browser.element('create').click();
    await settle();
    const copy = browser.element('result').children.find((child) => child.tagName === 'button')!;
    expect(copy.textContent).toBe('Copy');
    copy.click();
    await settle();
    expect(browser.copied).toEqual([issued.apiKey]);
    expect(copy.textContent).toBe('Copied');
  });

  it('shows the error of a refused sign-in', async () => {
    const browser = runPageScript(page, `?token=${wellFormedToken}`, () => ({
      status: 400,
      body: { error: 'This sign-in link has expired.' },
    }));
    browser.element('create').click();
    await settle();
    expect(browser.element('status').textContent).toBe('This sign-in link has expired.');
    expect(browser.element('result').children).toHaveLength(0);
  });

  it('says the link is damaged when its token is malformed or too long, and never fetches', async () => {
    for (const search of [
      '?token=abc',
      `?token=${'x'.repeat(5_000)}`,
      `?token=${wellFormedToken.slice(0, 42)}%20`,
      '?token=%3Cscript%3E',
    ]) {
      const browser = runPageScript(page, search);
      expect(browser.element('create').disabled, search).toBe(true);
      expect(browser.element('status').textContent).toContain('This sign-in link is damaged');
      expect(browser.location.search).toBe('');
      expect(browser.fetches).toHaveLength(0);
    }
  });

  it('says the link is incomplete when it has no token, and never fetches', async () => {
    const browser = runPageScript(page, '');
    browser.element('create').click();
    await settle();
    expect(browser.element('status').textContent).toContain('This sign-in link is incomplete');
    expect(browser.fetches).toHaveLength(0);
  });
});

describe('GET /api/v1/auth/verify', () => {
  it('serves the same page whatever the link holds: no token, a malformed, huge or repeated one', async () => {
    const route = { ...routes.showSignInPage, operationId: 'showSignInPage' as const };
    const searches = ['', 'token=abc', `token=${'x'.repeat(5_000)}`, 'token=%00%FF', 'token=a&token=b', 'token=&other=1'];
    for (const search of searches) {
      const query = Object.fromEntries(new URLSearchParams(search));
      const response = await callRoute(route, { query, headers: { accept: 'text/html' } });
      expect(response.statusCode, search).toBe(200);
      expect(response.headers?.['content-type']).toMatch(/^text\/html/);
      expect(response.body).toBe(signInPage());
    }
  });
});
