import { load } from 'cheerio/slim';
import { describe, expect, it } from 'vitest';
import { metaRefreshTarget } from '#shared/scanner/parse/meta-refresh.js';

const target = (content: string, page = 'https://shop.example/') =>
  metaRefreshTarget(load(`<head><meta http-equiv="refresh" content="${content}"></head>`), page);

describe('meta refresh targets', () => {
  it('reads the delay and URL in the forms HTML allows', () => {
    expect(target('0; url=/home')).toBe('https://shop.example/home');
    expect(target("0;URL='https://shop.example/en/'")).toBe('https://shop.example/en/');
    expect(target('3, /welcome#top')).toBe('https://shop.example/welcome');
    expect(target('0.5;url=/x')).toBe('https://shop.example/x');
    expect(target("0; url = '/quoted' trailing")).toBe('https://shop.example/quoted');
  });

  it('ignores reloads of the page itself, long delays, other schemes and pages without one', () => {
    expect(target('300')).toBeNull();
    expect(target('0; url=/', 'https://shop.example/')).toBeNull();
    expect(target('600; url=/home')).toBeNull();
    expect(target('0; url=javascript:alert(1)')).toBeNull();
    expect(target('soon; url=/home')).toBeNull();
    expect(metaRefreshTarget(load('<meta name="refresh" content="0;url=/x">'), 'https://shop.example/')).toBeNull();
  });
});
