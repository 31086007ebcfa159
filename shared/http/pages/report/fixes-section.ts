import type { Recommendation, ScanResult } from '#shared/model/scans/scan-result.js';
import { byGainPerEffort } from '#shared/model/scans/fix-order.js';
import { findingsOf, type Finding } from '#shared/model/scans/findings.js';
import { html, type SafeHtml } from '../html.js';

/** The first fixes read in full; the rest wait behind one click (and open for print). */
export const shownFixes = 3;

const effortLabels = { S: 'small effort', M: 'medium effort', L: 'large effort' } as const;

/** The id of a fix's entry, so other sections (the summary, the assistants' first fixes) can link to it. */
export function fixAnchor(checkId: string): string {
  return `fix-${checkId}`;
}

export function gainText(fix: Pick<Recommendation, 'estimatedGain'>): string {
  return `+${Math.round(fix.estimatedGain * 10) / 10}`;
}

/** The findings the same change fixes, one line each, reachable by their own anchors; their details wait below. */
function alsoFixes(also: readonly Recommendation[]): SafeHtml | false {
  return (
    also.length > 0 &&
    html`<p class="also-title"><strong>The same change also fixes:</strong></p>
<ul class="also-fixes">
${also.map((fix) => html`<li id="${fixAnchor(fix.checkId)}">${fix.title} <span class="muted small">${gainText(fix)} points</span></li>`)}
</ul>`
  );
}

/** What each of those findings asks for and why, inside the entry's closed details. */
function alsoDetails(also: readonly Recommendation[]): SafeHtml[] {
  return also.map((fix) => html`<p><strong>${fix.title}:</strong> ${fix.fix} ${fix.why}</p>`);
}

function fixEntry(finding: Finding): SafeHtml {
  const { lead } = finding;
  return html`<li id="${fixAnchor(lead.checkId)}" data-checks="${finding.checkIds.join(' ')}">
<div class="fix-head"><h3>${lead.title}</h3>
<p class="fix-meta"><span class="priority priority-${finding.priority}">${finding.priority}</span> · ${effortLabels[finding.effort]} · up to ${gainText(finding)} points</p></div>
<p><strong>Fix:</strong> ${lead.fix}</p>
${alsoFixes(finding.also)}
<details class="example"><summary>${lead.snippet === null ? 'Why it matters' : 'Why it matters, and an example'}</summary>
<p>${lead.why}</p>
${alsoDetails(finding.also)}
${lead.snippet !== null && html`<div class="snippet"><pre><code>${lead.snippet}</code></pre></div>`}
</details>
</li>`;
}

/** One line per fix, linking to its full entry: the "quick wins" view. */
function quickWins(fixes: readonly Finding[]): SafeHtml {
  return html`<details class="more quick-wins" id="quick-wins">
<summary>Quick wins: the most points for the least effort</summary>
<ol class="fix-lines">
${byGainPerEffort(fixes).map(
  (fix) =>
    html`<li><a href="#${fixAnchor(fix.checkId)}">${fix.lead.title}</a> <span class="muted small">${gainText(fix)} points · ${effortLabels[fix.effort]}</span></li>`,
)}
</ol>
</details>`;
}

/**
 * The recommendations most important first (priority, then gain), whatever order the result stores
 * them in, those one change fixes as one entry; the first few in full, the rest in one closed group;
 * and the quick-wins view beside them.
 */
export function fixesSection(result: ScanResult): SafeHtml {
  const fixes = findingsOf(result.recommendations);
  const shown = fixes.slice(0, shownFixes);
  const rest = fixes.slice(shownFixes);
  return html`<section aria-labelledby="fixes-title">
<h2 id="fixes-title">Fixes, most important first</h2>
${
  fixes.length === 0
    ? html`<p>Nothing to fix: every check that could be assessed passed.</p>`
    : html`<p class="muted small">By priority (critical, high, medium, low), then by the points each could add.</p>
<ol class="fixes">
${shown.map(fixEntry)}
</ol>
<div class="fix-views">
${
  rest.length > 0 &&
  html`<details class="more more-fixes">
<summary>${rest.length === 1 ? '1 more fix' : `${rest.length} more fixes`}</summary>
<ol class="fixes" start="${shownFixes + 1}">
${rest.map(fixEntry)}
</ol>
</details>`
}
${fixes.length > 1 && quickWins(fixes)}
</div>`
}
</section>`;
}
