import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { reportPage } from '#shared/http/pages/report-page.js';
import type { ScanResult } from '#shared/scanner/engine.js';

const attack = `"><script>alert(1)</script><img src=x onerror=alert(2)>`;

/** A result whose every text field came from a hostile shop. */
function hostileResult(): ScanResult {
  return {
    id: '3f0e6a52-7a8e-4a53-9d4e-6f7b3c2a1d00',
    url: 'https://evil.example/',
    finalUrl: 'https://evil.example/',
    tier: 'growth',
    score: 42,
    band: 'not_ready',
    coverage: 0.9,
    caps: [{ id: 'bot_wall', limit: 25, reason: attack }],
    dimensions: [{ id: 'product_data', name: 'Product data', weight: 25, score: 40, earned: 10, available: 25, checks: ['offer_core'] }],
    checks: [
      {
        id: 'offer_core',
        dimension: 'product_data',
        title: 'Name, image, price',
        status: 'fail',
        score: 0,
        points: 6,
        earned: 0,
        summary: attack,
        platformProvided: false,
        evidence: [
          { url: 'javascript:alert(3)', value: attack },
          { url: 'https://evil.example/p?a=1&b="2"', value: null },
        ],
      },
    ],
    recommendations: [
      {
        checkId: 'offer_core',
        priority: 'critical',
        title: attack,
        why: attack,
        fix: attack,
        snippet: `<script type="application/ld+json">${attack}</script>`,
        estimatedGain: 6,
        effort: 'S',
      },
    ],
    products: [
      {
        url: 'javascript:alert(4)',
        name: attack,
        price: attack,
        currency: 'GBP',
        availability: attack,
        sku: attack,
        gtin: null,
        mpn: null,
        brand: attack,
        image: null,
        source: 'text',
        sources: {
          name: 'text',
          price: 'text',
          currency: 'text',
          availability: 'text',
          sku: 'text',
          gtin: null,
          mpn: null,
          brand: 'json-ld',
          image: null,
        },
      },
    ],
    pages: [{ url: `https://evil.example/${attack}`, kind: 'homepage', status: 200, timing: { ttfbMs: 12, totalMs: 40 }, bytes: 2048 }],
    signals: [],
    assistants: [],
    platform: 'custom',
    createdAt: '2026-11-25T10:00:00.000Z',
    expiresAt: '2026-12-25T10:00:00.000Z',
    durationMs: 1234,
    scannerVersion: '1.0.0',
  };
}

describe('the report page', () => {
  const page = reportPage(hostileResult(), 'https://scanner.example/r/3f0e6a52-7a8e-4a53-9d4e-6f7b3c2a1d00');
  const $ = cheerio.load(page);

  it('shows what a hostile shop wrote as text, never as markup', () => {
    // The only script is the page's own, from /assets.
    expect(
      $('script')
        .toArray()
        .map((element) => $(element).attr('src')),
    ).toEqual([expect.stringMatching(/^\/assets\/site\.[0-9a-f]{12}\.js$/)]);
    // The only image is the service's own badge of this result.
    expect(
      $('img')
        .map((_index, element) => $(element).attr('src'))
        .get(),
    ).toEqual(['/r/3f0e6a52-7a8e-4a53-9d4e-6f7b3c2a1d00/badge.svg']);
    expect($('[onerror]').length).toBe(0);
    expect($('details.check p').first().text()).toBe(attack);
    expect($('ol.fixes pre code').text()).toBe(`<script type="application/ld+json">${attack}</script>`);
    expect($('.products h3').text()).toBe(attack);
  });

  it('links only web addresses', () => {
    const hrefs = $('a')
      .toArray()
      .map((element) => $(element).attr('href') ?? '');
    expect(hrefs.filter((href) => /^\s*javascript:/i.test(href))).toEqual([]);
    expect($('ul.evidence li').first().text()).toContain('javascript:alert(3)');
    expect($('ul.evidence a').attr('href')).toBe('https://evil.example/p?a=1&b="2"');
  });

  it('labels where each product fact came from', () => {
    const facts = $('.products dl.facts dd')
      .toArray()
      .map((element) => $(element).text());
    expect(facts[0]).toBe(`${attack} GBP (page text only)`);
    expect(facts).toContain(`${attack} (JSON-LD)`);
  });

  it('states the score in the title, gauge and previews', () => {
    expect($('title').text()).toBe('evil.example scores 42/100 for AI agent readiness - Agent Readiness Scanner');
    expect($('svg.gauge text').text()).toBe('42');
    expect($('meta[property="og:url"]').attr('content')).toBe('https://scanner.example/r/3f0e6a52-7a8e-4a53-9d4e-6f7b3c2a1d00');
    expect($('.band').first().text()).toBe('Not ready');
  });
});
