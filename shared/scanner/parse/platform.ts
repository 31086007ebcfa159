/**
 * Shop platform fingerprinting from the homepage HTML, response headers and cookies.
 *
 * Types
 * - `PlatformInput`: homepage `html`, response `headers`, and `cookies` (Set-Cookie values or
 *   bare cookie names; Set-Cookie in `headers` is read too).
 * - `PlatformDetection`: the chosen `platform` with the `evidence` that decided it, its
 *   `confidence` (high when a header or cookie says so, medium for HTML markers only), and every
 *   `signal` seen, so conflicting fingerprints stay visible.
 */

import { normaliseHeaders } from './header-map.js';
import type { HeaderInput } from './header-map.js';

export type Platform = 'shopify' | 'woocommerce' | 'bigcommerce' | 'magento' | 'custom';

export interface PlatformInput {
  html: string;
  headers?: HeaderInput;
  cookies?: readonly string[];
}

export interface PlatformSignal {
  platform: Exclude<Platform, 'custom'>;
  source: 'header' | 'cookie' | 'html';
  evidence: string;
}

export interface PlatformDetection {
  platform: Platform;
  evidence: string | null;
  confidence: 'high' | 'medium' | null;
  signals: PlatformSignal[];
}

interface Marker {
  platform: PlatformSignal['platform'];
  pattern: RegExp;
  evidence: string;
}

const HTML_MARKERS: readonly Marker[] = [
  { platform: 'shopify', pattern: /cdn\.shopify\.com/i, evidence: 'HTML loads cdn.shopify.com' },
  { platform: 'shopify', pattern: /\bShopify\.theme\b/, evidence: 'HTML sets Shopify.theme' },
  { platform: 'woocommerce', pattern: /wp-content\/plugins\/woocommerce/i, evidence: 'HTML loads wp-content/plugins/woocommerce' },
  { platform: 'woocommerce', pattern: /class\s*=\s*["'][^"']*\bwoocommerce(?:-[\w-]+)?\b/i, evidence: 'HTML has woocommerce classes' },
  { platform: 'woocommerce', pattern: /wc-ajax|wc_ajax_url/i, evidence: 'HTML references wc-ajax' },
  { platform: 'bigcommerce', pattern: /cdn\d*\.bigcommerce\.com/i, evidence: 'HTML loads cdn11.bigcommerce.com' },
  { platform: 'bigcommerce', pattern: /\bdata-content-region\s*=/i, evidence: 'HTML has data-content-region' },
  { platform: 'magento', pattern: /\bMagento_[A-Z]\w*/, evidence: 'HTML references Magento_ modules' },
  { platform: 'magento', pattern: /mage\/cookies/i, evidence: 'HTML loads mage/cookies' },
];

/** Cookie-name patterns; the evidence names the cookie actually seen. */
const COOKIE_MARKERS: readonly Omit<Marker, 'evidence'>[] = [
  { platform: 'shopify', pattern: /^_shopify_\w+$/i },
  { platform: 'woocommerce', pattern: /^woocommerce_/i },
  { platform: 'magento', pattern: /^mage-/i },
];

export function detectPlatform(input: PlatformInput): PlatformDetection {
  const signals = [...headerSignals(input.headers), ...cookieSignals(input), ...htmlSignals(input.html)];
  const first = signals[0];
  if (!first) return { platform: 'custom', evidence: null, confidence: null, signals };

  // Most signals wins; header and cookie signals come first, so they win ties.
  const counts = new Map<PlatformSignal['platform'], number>();
  for (const signal of signals) counts.set(signal.platform, (counts.get(signal.platform) ?? 0) + 1);
  const winner = [...counts.entries()].reduce((best, entry) => (entry[1] > best[1] ? entry : best), [first.platform, 0])[0];
  const decisive = signals.find((s) => s.platform === winner) ?? first;
  const confidence = signals.some((s) => s.platform === winner && s.source !== 'html') ? 'high' : 'medium';
  return { platform: winner, evidence: decisive.evidence, confidence, signals };
}

function headerSignals(headers: HeaderInput | undefined): PlatformSignal[] {
  const signals: PlatformSignal[] = [];
  for (const name of normaliseHeaders(headers).keys()) {
    if (name === 'x-shopid' || name === 'x-shopify-stage')
      signals.push({ platform: 'shopify', source: 'header', evidence: `header ${name}` });
    if (name.startsWith('x-magento-')) signals.push({ platform: 'magento', source: 'header', evidence: `header ${name}` });
  }
  return signals;
}

function cookieSignals(input: PlatformInput): PlatformSignal[] {
  const setCookie = normaliseHeaders(input.headers).get('set-cookie');
  // Joined Set-Cookie values are split on ", name=" so that commas inside Expires survive.
  const fromHeader = setCookie ? setCookie.split(/,\s*(?=[^;=\s]+=)/) : [];
  const names = [...(input.cookies ?? []), ...fromHeader].map((cookie) => cookie.split(/[=;]/, 1)[0]?.trim() ?? '');
  const signals: PlatformSignal[] = [];
  for (const marker of COOKIE_MARKERS) {
    const name = names.find((n) => marker.pattern.test(n));
    if (name) signals.push({ platform: marker.platform, source: 'cookie', evidence: `cookie ${name}` });
  }
  return signals;
}

function htmlSignals(html: string): PlatformSignal[] {
  return HTML_MARKERS.filter((marker) => marker.pattern.test(html)).map((marker) => ({
    platform: marker.platform,
    source: 'html' as const,
    evidence: marker.evidence,
  }));
}
