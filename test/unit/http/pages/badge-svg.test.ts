import * as cheerio from 'cheerio';
import fc from 'fast-check';
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { browserFile } from '#shared/http/pages/assets/browser-files.js';
import { bandColours, noScoreColour } from '#shared/http/pages/band-colours.js';
import { badgeSvg, escapeXml, notFoundBadgeSvg, scoreBadgeSvg, textWidth } from '#shared/http/pages/badge-svg.js';
import { bandOf } from '#shared/scanner/scoring.js';

const load = (svg: string) => cheerio.load(svg, { xml: true });
const badge = (host: string, score: number | null = 72) =>
  scoreBadgeSvg({ host, score, band: score === null ? null : bandOf(score), href: 'https://scanner.example/r/1' });

describe('the score badge', () => {
  it('reads "agent readiness | 72 partially ready", named for assistive technology with host, score and band', () => {
    const $ = load(badge('shop.example'));
    const svg = $('svg');
    expect(svg.attr('role')).toBe('img');
    expect(svg.attr('aria-label')).toBe('shop.example: agent readiness 72/100, Partially ready');
    expect($('svg > title').text()).toBe('shop.example: agent readiness 72/100, Partially ready');
    // Each text is drawn twice (its shadow is hidden from assistive technology).
    expect(
      $('text:not([aria-hidden])')
        .map((_i, node) => $(node).text())
        .get(),
    ).toEqual(['agent readiness', '72 partially ready']);
    expect($('text[aria-hidden="true"]')).toHaveLength(2);
  });

  it('is coloured by band with the report’s colours, grey without a score', () => {
    const fills = (svg: string) =>
      load(svg)('g[clip-path] rect')
        .map((_i, node) => node.attribs.fill)
        .get();
    expect(fills(badge('a.example', 95))[1]).toBe(bandColours.agent_ready);
    expect(fills(badge('a.example', 72))[1]).toBe(bandColours.partially_ready);
    expect(fills(badge('a.example', 55))[1]).toBe(bandColours.needs_work);
    expect(fills(badge('a.example', 12))[1]).toBe(bandColours.not_ready);
    expect(fills(badge('a.example', null))[1]).toBe(noScoreColour);
    expect(load(badge('a.example', null))('svg > title').text()).toBe('a.example: agent readiness not scanned yet');
  });

  it('uses the very colours the report’s stylesheet defines', () => {
    const css = browserFile('site.css');
    for (const [band, colour] of Object.entries(bandColours)) expect(css).toContain(`--${band}: ${colour};`);
  });

  it('links the whole badge to the report when the SVG is opened itself', () => {
    const $ = load(badge('shop.example'));
    expect($('svg > a').attr('href')).toBe('https://scanner.example/r/1');
    expect($('svg > a rect, svg > a text')).toHaveLength(7);
    expect(load(notFoundBadgeSvg())('a')).toHaveLength(0);
  });

  it('computes its widths from the text: each part fits its text, the whole is the sum', () => {
    const widths = (svg: string) => {
      const $ = load(svg);
      const [left, right] = $('g[clip-path] rect')
        .slice(0, 2)
        .map((_i, node) => Number(node.attribs.width))
        .get();
      const texts = $('text')
        .toArray()
        .map((node) => node.attribs);
      return { total: Number($('svg').attr('width')), left: left!, right: right!, texts };
    };
    const short = widths(badgeSvg({ message: '9 x', colour: '#000', title: 't' }));
    const long = widths(badgeSvg({ message: '100 partially ready', colour: '#000', title: 't' }));
    expect(short.left).toBe(long.left);
    expect(long.right).toBeGreaterThan(short.right + 60);
    for (const { total, left, right } of [short, long]) expect(total).toBeCloseTo(left + right, 5);
    expect(long.right).toBeCloseTo(textWidth('100 partially ready') + 12, 5);
    // Texts are held to the computed width, so another font cannot overflow the part.
    expect(Number(long.texts[3]!.textLength)).toBe(textWidth('100 partially ready'));
    expect(Number(long.texts[3]!.x)).toBeCloseTo(long.left + long.right / 2, 1);
  });

  it('measures text as Verdana does: narrow letters less, wide ones and other scripts more', () => {
    expect(textWidth('')).toBe(0);
    expect(textWidth('iiii')).toBeLessThan(textWidth('mmmm'));
    expect(textWidth('agent readiness')).toBeGreaterThan(80);
    expect(textWidth('agent readiness')).toBeLessThan(100);
    expect(textWidth('店舗')).toBeGreaterThan(textWidth('ab'));
  });
});

/** Markup, controls, lone surrogate halves, non-characters and wide letters. */
const awkward = fc.constantFrom(...'<>&"\'=/ a9\u0000\u0008\u000b\u001f\u007f\ud800\udc00\ufffe\uffff店\u{1f600}'.split(''));

describe('escaping in the badge', () => {
  it('keeps a hostile host name as text: no element, attribute or script gets in', () => {
    const hostile = '"><script>alert(1)</script><a href="javascript:x">\'&amp;';
    const svg = badge(hostile);
    expect(XMLValidator.validate(svg)).toBe(true);
    const $ = load(svg);
    expect($('script')).toHaveLength(0);
    expect($('a')).toHaveLength(1);
    expect($('svg > title').text()).toBe(`${hostile}: agent readiness 72/100, Partially ready`);
    expect($('svg').attr('aria-label')).toBe(`${hostile}: agent readiness 72/100, Partially ready`);
  });

  it('drops characters XML refuses, so any text still makes a well-formed document', () => {
    expect(escapeXml('a\u0000b\u001Fc\uD800d\uFFFE<')).toBe('abcd&lt;');
    fc.assert(
      fc.property(fc.string({ unit: awkward }), fc.string({ unit: awkward }), (message, title) => {
        const svg = badgeSvg({ message, colour: '#000', title, href: `https://x.example/${title}` });
        expect(XMLValidator.validate(svg)).toBe(true);
        expect(svg.match(/<[a-zA-Z]+/g)).toHaveLength(17);
      }),
      { numRuns: 60 },
    );
  });
});
