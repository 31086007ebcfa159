import type { ScanResult } from '#shared/model/scans/scan-result.js';
import { scoreBreakdown, type DimensionPoints } from '#shared/model/scans/score-breakdown.js';
import { html, type SafeHtml } from '../html.js';

/** A number as the report prints points: at most two decimals, no trailing zeros. */
export function points(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/**
 * A bar's colour band, on the headline's own thresholds (90, 70, 50), so a red bar means what a red
 * score means. The number beside it says the same, so colour is never alone.
 */
export function barBand(percent: number): 'good' | 'fair' | 'weak' | 'poor' {
  if (percent >= 90) return 'good';
  if (percent >= 70) return 'fair';
  if (percent >= 50) return 'weak';
  return 'poor';
}

function bar(percent: number): SafeHtml {
  return html`<svg class="bar bar-${barBand(percent)}" viewBox="0 0 100 6" preserveAspectRatio="none" aria-hidden="true" focusable="false"><rect class="track" width="100" height="6" rx="3"></rect><rect class="fill" width="${percent}" height="6" rx="3"></rect></svg>`;
}

function dimensionRow(dimension: DimensionPoints): SafeHtml {
  const left = dimension.leftOut === 0 ? null : html` <span class="muted small">(${dimension.leftOut} not counted)</span>`;
  return html`<tr class="dimension" id="dimension-${dimension.id}">
<th scope="row">${dimension.name}</th>
<td class="bar-cell">${dimension.percent === null ? html`<span class="muted">not assessed</span>` : html`<span class="percent">${dimension.percent}%</span>${bar(dimension.percent)}`}</td>
<td class="num earned">${points(dimension.earned)}</td>
<td class="num available">${dimension.available}${left}</td>
<td class="num weight muted">${dimension.weight}</td>
</tr>`;
}

/**
 * "How this score is calculated": each dimension's bar (its own percentage) beside the points it earned
 * and the points that were available, and the sum that gives the headline exactly as the engine does.
 */
export function dimensionsSection(result: ScanResult): SafeHtml {
  const breakdown = scoreBreakdown(result);
  const capped = breakdown.score < breakdown.uncapped;
  return html`<section aria-labelledby="score-title">
<h2 id="score-title">How this score is calculated</h2>
<div class="scroll" tabindex="0" role="region" aria-labelledby="score-title"><table class="score-table">
<thead><tr><th scope="col">Dimension</th><th scope="col">Its own score</th><th scope="col" class="num">Points earned</th><th scope="col" class="num">Points available</th><th scope="col" class="num">Rubric weight</th></tr></thead>
<tbody>
${breakdown.dimensions.map(dimensionRow)}
</tbody>
<tfoot><tr class="total"><th scope="row">Total</th><td class="num-math">${points(breakdown.earned)} ÷ ${breakdown.available} = ${breakdown.exact.toFixed(2)}%</td><td class="num total-earned">${points(breakdown.earned)}</td><td class="num total-available">${breakdown.available}</td><td class="num weight muted">100</td></tr></tfoot>
</table></div>
<p class="score-sum">Score: ${points(breakdown.earned)} of ${breakdown.available} points = ${breakdown.exact.toFixed(2)}%, rounded to the nearest whole number: <strong class="uncapped">${breakdown.uncapped}</strong>${
    capped
      ? html`; capped at <strong class="cap">${breakdown.caps[0]!.limit}</strong> because ${lowerFirst(breakdown.caps[0]!.reason)}. Headline score: <strong class="headline">${breakdown.score}</strong>.`
      : html`, the headline score <strong class="headline">${breakdown.score}</strong>.`
  }</p>
<p class="muted small">Each check earns its points times how well it passed; checks not assessed or not applicable are not counted. The bars do not average to the headline: each bar is its dimension's own percentage, while the headline is all points earned over all points available, so a dimension with checks not counted weighs less than its rubric weight.</p>
</section>`;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
