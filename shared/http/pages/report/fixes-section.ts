import type { ScanResult } from '#shared/model/scans/scan-result.js';
import { html, type SafeHtml } from '../html.js';

/** The first fixes show their example; the rest open on a click (and all of them in print). */
const openExamples = 3;

const effortLabels = { S: 'small effort', M: 'medium effort', L: 'large effort' } as const;

/** The id of a fix's entry, so other sections (the assistants' first fixes) can link to it. */
export function fixAnchor(checkId: string): string {
  return `fix-${checkId}`;
}

/** The recommendations in the order the scanner ranked them (priority, then expected gain). */
export function fixesSection(result: ScanResult): SafeHtml {
  return html`<section aria-labelledby="fixes-title">
<h2 id="fixes-title">Fixes, most important first</h2>
${
  result.recommendations.length === 0
    ? html`<p>Nothing to fix: every check that could be assessed passed.</p>`
    : html`<ol class="fixes">
${result.recommendations.map(
  (
    fix,
    index,
  ) => html`<li${result.recommendations.findIndex((other) => other.checkId === fix.checkId) === index && html` id="${fixAnchor(fix.checkId)}"`}>
<h3>${fix.title}</h3>
<p class="fix-meta"><span class="priority priority-${fix.priority}">${fix.priority}</span> · ${effortLabels[fix.effort]} · up to +${Math.round(fix.estimatedGain * 10) / 10} points</p>
<p>${fix.why}</p>
<p><strong>Fix:</strong> ${fix.fix}</p>
${fix.snippet !== null && html`<details class="example"${index < openExamples && html` open`}><summary>Example</summary><div class="snippet"><pre><code>${fix.snippet}</code></pre></div></details>`}
</li>`,
)}
</ol>`
}
</section>`;
}
