import { describe, expect, it } from 'vitest';
import { THIN_PAGE_WORDS, detectBotWall } from '#shared/scanner/parse/bot-wall-detector.js';

/** A real shop page: plenty of visible text. */
function contentPage(extraHead = ''): string {
  const paragraph = Array.from({ length: THIN_PAGE_WORDS * 2 }, (_, i) => `word${i}`).join(' ');
  return `<!DOCTYPE html><html><head><title>Acme Tents</title>${extraHead}</head><body><h1>Tents</h1><p>${paragraph}</p></body></html>`;
}

const CLOUDFLARE_CHALLENGE = `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title>
<meta http-equiv="refresh" content="390"></head><body><div class="main-wrapper"><noscript>Enable JavaScript and cookies to continue</noscript>
<script>(function(){window._cf_chl_opt={cvId: '3',cZone: 'shop.example'};var a=document.createElement('script');a.src='/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1?ray=8';})();</script></div></body></html>`;

describe('detectBotWall: walls', () => {
  it('detects the Cloudflare cf-mitigated header on any status', () => {
    expect(detectBotWall({ status: 403, headers: { 'cf-mitigated': 'challenge' }, body: '' })).toEqual({
      kind: 'wall',
      vendor: 'cloudflare',
      evidence: 'HTTP 403, header cf-mitigated: challenge',
    });
  });

  it('detects the Cloudflare "Just a moment..." interstitial', () => {
    expect(detectBotWall({ status: 503, body: CLOUDFLARE_CHALLENGE })).toMatchObject({ kind: 'wall', vendor: 'cloudflare' });
    expect(detectBotWall({ status: 200, body: CLOUDFLARE_CHALLENGE })).toMatchObject({ kind: 'wall', vendor: 'cloudflare' });
  });

  it('detects a DataDome captcha page', () => {
    const body = `<html><head><title>shop.example</title></head><body><script>var dd={'rt':'c','cid':'AHrl','hsh':'1','t':'fe','host':'geo.captcha-delivery.com'}</script><script src="https://ct.captcha-delivery.com/c.js"></script></body></html>`;
    expect(detectBotWall({ status: 403, headers: { 'x-datadome': 'protected' }, body })).toMatchObject({
      kind: 'wall',
      vendor: 'datadome',
    });
  });

  it('detects PerimeterX / HUMAN "Press & Hold"', () => {
    const body =
      '<html><body><h1>Access to this page has been denied</h1><div id="px-captcha"></div><p>Press &amp; Hold to confirm you are a human</p></body></html>';
    expect(detectBotWall({ status: 403, body })).toMatchObject({ kind: 'wall', vendor: 'perimeterx' });
  });

  it('detects an Imperva/Incapsula challenge served with 200', () => {
    const body =
      '<html style="height:100%"><head><META NAME="ROBOTS" CONTENT="NOINDEX, NOFOLLOW"></head><body><iframe id="main-iframe" src="/_Incapsula_Resource?CWUDNSAI=9&xinfo=1" frameborder=0>Request unsuccessful. Incapsula incident ID: 123-456</iframe></body></html>';
    expect(detectBotWall({ status: 200, headers: { 'x-iinfo': '1-2-3' }, body })).toMatchObject({ kind: 'wall', vendor: 'imperva' });
  });

  it('detects Kasada, including its 429 challenge', () => {
    expect(detectBotWall({ status: 429, headers: { 'x-kpsdk-ct': 'token' }, body: '' })).toEqual({
      kind: 'wall',
      vendor: 'kasada',
      evidence: 'HTTP 429 with header x-kpsdk-*',
    });
    expect(detectBotWall({ status: 403, headers: { 'X-Kpsdk-Cd': '{}' }, body: '' })).toMatchObject({ kind: 'wall', vendor: 'kasada' });
  });

  it('detects the Akamai "Access Denied" page', () => {
    const body = `<HTML><HEAD><TITLE>Access Denied</TITLE></HEAD><BODY><H1>Access Denied</H1>You don't have permission to access "http&#58;&#47;&#47;shop&#46;example&#47;" on this server.<P>Reference&#32;&#35;18&#46;1 <P>https&#58;&#47;&#47;errors&#46;edgesuite&#46;net&#47;18</BODY></HTML>`;
    const decoded = body.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
    expect(detectBotWall({ status: 403, body: decoded })).toMatchObject({ kind: 'wall', vendor: 'akamai' });
  });
});

describe('detectBotWall: not walls', () => {
  it('reports a plain 429 as rate limiting, with Retry-After', () => {
    expect(detectBotWall({ status: 429, headers: { 'retry-after': '30' }, body: 'Too Many Requests' })).toEqual({
      kind: 'rate_limited',
      evidence: 'HTTP 429, Retry-After: 30',
    });
  });

  it('ignores vendor scripts and headers on a normal 200 page with real content', () => {
    const head =
      '<script src="https://js.datadome.co/tags.js"></script>' +
      '<script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js"></script>' +
      '<script src="/_Incapsula_Resource?SWJIYLWA=719d34d3"></script>';
    const headers = { 'x-datadome': 'protected', 'x-iinfo': '10-1', server: 'cloudflare', 'cf-ray': '8abc' };
    expect(detectBotWall({ status: 200, headers, body: contentPage(head) })).toEqual({ kind: 'none' });
  });

  it('ignores vendor headers on a thin client-rendered shell served with 200', () => {
    const shell =
      '<!doctype html><html><head><script src="/_Incapsula_Resource?SWJIYLWA=1"></script></head><body><div id="root"></div><script src="/app.js"></script></body></html>';
    expect(detectBotWall({ status: 200, headers: { 'x-datadome': 'protected', 'x-iinfo': '1' }, body: shell })).toEqual({ kind: 'none' });
  });

  it('does not call a real page that mentions "Access Denied" an Akamai wall', () => {
    expect(detectBotWall({ status: 200, body: contentPage().replace('<h1>Tents</h1>', '<h1>Access Denied? Try logging in</h1>') })).toEqual(
      { kind: 'none' },
    );
  });

  it('does not call a plain 403 or 404 a wall without vendor evidence', () => {
    expect(detectBotWall({ status: 403, body: '<h1>Forbidden</h1>' })).toEqual({ kind: 'none' });
    expect(detectBotWall({ status: 404, body: '' })).toEqual({ kind: 'none' });
  });
});

describe('detectBotWall: robustness', () => {
  it('handles hostile markup (unclosed tags) and still sees a thin challenge page', () => {
    const hostile = `${'<script '.repeat(20_000)}<div id="px-captcha">`;
    expect(detectBotWall({ status: 200, body: hostile })).toMatchObject({ kind: 'wall', vendor: 'perimeterx' });
    expect(detectBotWall({ status: 200, body: '<'.repeat(100_000) })).toEqual({ kind: 'none' });
  });
});
