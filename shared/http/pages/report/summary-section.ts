import type { ScanResult } from '#shared/model/scans/scan-result.js';
import { html, type SafeHtml } from '../html.js';
import { bandLabels, hostOf, seconds, utcTime, webHref } from './words.js';

/** A ring gauge drawn with SVG attributes (no inline style, which the CSP forbids). */
function gauge(score: number, band: ScanResult['band']): SafeHtml {
  const radius = 52;
  const circumference = 2 * Math.PI * radius;
  const filled = (Math.max(0, Math.min(100, score)) / 100) * circumference;
  return html`<svg class="gauge band-${band}" viewBox="0 0 120 120" role="img" aria-label="Score ${score} out of 100: ${bandLabels[band]}">
<circle class="track" cx="60" cy="60" r="${radius}" fill="none" stroke-width="12"></circle>
<circle class="value" cx="60" cy="60" r="${radius}" fill="none" stroke-width="12" stroke-linecap="round" stroke-dasharray="${filled.toFixed(1)} ${circumference.toFixed(1)}" transform="rotate(-90 60 60)"></circle>
<text x="60" y="68" text-anchor="middle" font-size="30">${score}</text>
</svg>`;
}

function coverageNote(result: ScanResult): SafeHtml {
  const productPages = result.pages.filter((page) => page.kind === 'product').length;
  if (result.tier === 'free') {
    return html`<p class="notice">This free scan looked at the homepage only. Product data, variants and product-page checks need product pages: a signed-in scan on the pro or growth plan reads them.</p>`;
  }
  return html`<p class="muted">Read ${productPages === 1 ? '1 product page' : `${productPages} product pages`} besides the homepage.</p>`;
}

export function link(url: string): SafeHtml {
  const href = webHref(url);
  return href === null ? html`${url}` : html`<a href="${href}" rel="nofollow noopener noreferrer">${url}</a>`;
}

export function summarySection(result: ScanResult): SafeHtml {
  const host = hostOf(result.finalUrl || result.url);
  return html`<section aria-labelledby="summary-title">
<h1 id="summary-title">Agent readiness of ${host}</h1>
<div class="summary">
${gauge(result.score, result.band)}
<div>
<p><span class="band band-${result.band}">${bandLabels[result.band]}</span> <strong>${result.score}</strong> out of 100</p>
<p class="muted small">Scanned ${link(result.url)} on ${utcTime(result.createdAt)} in ${seconds(result.durationMs)}; ${Math.round(result.coverage * 100)}% of the checks could be assessed.${result.expiresAt && ` This report is kept until ${utcTime(result.expiresAt)}.`}</p>
${result.caps.length > 0 && html`<ul class="small">${result.caps.map((cap) => html`<li>Score capped at ${cap.limit}: ${cap.reason}</li>`)}</ul>`}
${coverageNote(result)}
</div>
</div>
</section>`;
}
