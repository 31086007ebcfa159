import type { ApiResponse } from '#shared/http/api-types.js';
import { noCurrentReportBadgeSvg, notFoundBadgeSvg, scoreBadgeSvg } from '#shared/http/pages/badge-svg.js';
import { hostOf } from '#shared/http/pages/report/words.js';
import type { BadgeFacts } from '#shared/use-cases/badges/badge-facts.js';

/** Nothing in a badge loads or runs; its one link needs no permission. */
export const badgeCsp = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

function svgResponse(status: number, svg: string, cacheControl: string): ApiResponse {
  return {
    status,
    text: svg,
    headers: {
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': cacheControl,
      'content-security-policy': badgeCsp,
      'x-content-type-options': 'nosniff',
      // Embedded by other sites, including pages that require it (Cross-Origin-Embedder-Policy).
      'cross-origin-resource-policy': 'cross-origin',
    },
  };
}

/** The badge, cached briefly by browsers and shared caches (README image proxies) alike. */
export function badgeResponse(facts: BadgeFacts, href: string, maxAgeSeconds: number): ApiResponse {
  const svg = scoreBadgeSvg({ host: hostOf(facts.url), score: facts.score, band: facts.band, href });
  return svgResponse(200, svg, `public, max-age=${maxAgeSeconds}`);
}

/**
 * 404 in the badge's own media type, so an <img> shows "not found" rather than a broken image; a
 * client asking for JSON alone gets the API's `{"error"}`. Never cached: a badge made public a moment
 * later shows at once.
 */
export function badgeNotFound(accept: string | undefined, message: string): ApiResponse {
  if (wantsJsonOnly(accept)) return { status: 404, body: { error: message }, headers: { 'cache-control': 'no-store' } };
  return svgResponse(404, notFoundBadgeSvg(), 'no-store');
}

function wantsJsonOnly(accept: string | undefined): boolean {
  const wanted = (accept ?? '').toLowerCase();
  return /\bapplication\/(?:[\w.+-]+\+)?json\b/.test(wanted) && !/\bimage\/|\*\/\*/.test(wanted);
}

/**
 * A report's badge once the report is gone (or for an id that never was): an image client gets 200 and a
 * badge that says so and leads to the scanner, because image proxies (GitHub's for READMEs) show nothing
 * for a 404 and the embed would look broken; a client asking for JSON alone still gets the API's 404.
 */
export function reportGoneBadge(accept: string | undefined, message: string, scannerUrl: string, maxAgeSeconds: number): ApiResponse {
  if (wantsJsonOnly(accept)) return { status: 404, body: { error: message }, headers: { 'cache-control': 'no-store' } };
  return svgResponse(200, noCurrentReportBadgeSvg(scannerUrl), `public, max-age=${maxAgeSeconds}`);
}
