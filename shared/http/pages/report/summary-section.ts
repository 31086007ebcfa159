import type { ScanResult } from '#shared/model/scans/scan-result.js';
import { verdictLabels } from '#shared/model/scans/result-labels.js';
import { findGaps } from '#shared/model/scans/find-gaps.js';
import { exercisedBuyLine, exercisedBuys } from '#shared/model/scans/exercised-buys.js';
import { findingsOf } from '#shared/model/scans/findings.js';
import { html, type SafeHtml } from '../html.js';
import { fixAnchor, gainText } from './fixes-section.js';
import { bandLabels, hostOf, seconds, utcTime, webHref } from './words.js';

/** Best first, so the line reads "who can buy" before "who is blocked". */
const verdictOrder = ['can_buy', 'can_trust', 'can_read', 'can_find', 'blocked'] as const;

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

function coverageNote(result: ScanResult): SafeHtml | null {
  if (result.tier !== 'free') return null;
  return html`<p class="notice">This free scan looked at the homepage only. Product data, variants and product-page checks need product pages: a signed-in scan on the pro or growth plan reads them.</p>`;
}

function productPagesRead(result: ScanResult): string {
  if (result.tier === 'free') return '';
  const productPages = result.pages.filter((page) => page.kind === 'product').length;
  return ` Read ${productPages === 1 ? '1 product page' : `${productPages} product pages`} besides the homepage.`;
}

export function link(url: string): SafeHtml {
  const href = webHref(url);
  return href === null ? html`${url}` : html`<a href="${href}" rel="nofollow noopener noreferrer">${url}</a>`;
}

/** The assistants' verdicts in one short list: each verdict with the assistants that reach it. */
function verdicts(result: ScanResult): SafeHtml | null {
  if (result.assistants.length === 0) return null;
  const groups = verdictOrder
    .map((verdict) => ({
      verdict,
      names: result.assistants.filter((assistant) => assistant.verdict === verdict).map((assistant) => assistant.name),
    }))
    .filter((group) => group.names.length > 0);
  return html`<ul class="verdicts" aria-label="What AI assistants can do here">
${groups.map(
  (group) =>
    html`<li><span class="verdict verdict-${group.verdict}"><strong>${verdictLabels[group.verdict]}</strong></span>: ${group.names.length === result.assistants.length ? `all ${group.names.length} assistants` : group.names.join(', ')}</li>`,
)}
${findGaps(result.assistants).map((gap) => html`<li class="find-gap"><strong>${gap.name} finds the shop with a gap</strong>: ${gap.reason}.</li>`)}
${exercisedBuys(result.assistants).map((buy) => html`<li class="exercised">${exercisedBuyLine(buy)}.</li>`)}
</ul>`;
}

/** The three most important fixes, each a link to its full entry. */
function topFixes(result: ScanResult): SafeHtml {
  const top = findingsOf(result.recommendations).slice(0, 3);
  if (top.length === 0) return html`<p class="top-fixes-none">Nothing to fix: every check that could be assessed passed.</p>`;
  return html`<p class="top-fixes-title" id="top-fixes-title"><strong>${top.length === 1 ? 'The fix to make first' : `The ${top.length} fixes to make first`}</strong></p>
<ol class="top-fixes" aria-labelledby="top-fixes-title">
${top.map(
  (fix) =>
    html`<li><a href="#${fixAnchor(fix.checkId)}">${fix.lead.title}</a> <span class="small"><span class="priority priority-${fix.priority}">${fix.priority}</span> <span class="muted">${gainText(fix)} points</span></span></li>`,
)}
</ol>`;
}

export function summarySection(result: ScanResult): SafeHtml {
  const host = hostOf(result.finalUrl || result.url);
  return html`<section aria-labelledby="summary-title">
<h1 id="summary-title">Agent readiness of ${host}</h1>
<div class="summary">
${gauge(result.score, result.band)}
<div>
<p><span class="band band-${result.band}">${bandLabels[result.band]}</span> <strong>${result.score}</strong> out of 100</p>
<p class="muted small">Scanned ${link(result.url)} on ${utcTime(result.createdAt)} in ${seconds(result.durationMs)}; ${Math.round(result.coverage * 100)}% of the checks could be assessed.${productPagesRead(result)}${result.expiresAt && ` This report is kept until ${utcTime(result.expiresAt)}.`}</p>
${result.caps.length > 0 && html`<ul class="small">${result.caps.map((cap) => html`<li>Score capped at ${cap.limit}: ${cap.reason}</li>`)}</ul>`}
${verdicts(result)}
${topFixes(result)}
</div>
</div>
${coverageNote(result)}
</section>`;
}
