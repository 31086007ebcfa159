import type { ScanResult } from '#shared/model/scans/scan-result.js';
import { html, type SafeHtml } from '../html.js';

function bar(score: number): SafeHtml {
  return html`<svg class="bar" viewBox="0 0 100 6" preserveAspectRatio="none" aria-hidden="true" focusable="false"><rect class="track" width="100" height="6" rx="3"></rect><rect class="fill" width="${score}" height="6" rx="3"></rect></svg>`;
}

export function dimensionsSection(result: ScanResult): SafeHtml {
  return html`<section aria-labelledby="dimensions-title">
<h2 id="dimensions-title">Six dimensions</h2>
<ul class="bars">
${result.dimensions.map(
  (dimension) => html`<li>
<div class="bar-label"><a href="#dimension-${dimension.id}">${dimension.name}</a><span>${dimension.score === null ? 'not assessed' : `${dimension.score}/100`} <span class="muted small">· weight ${dimension.weight}%</span></span></div>
${bar(dimension.score ?? 0)}
</li>`,
)}
</ul>
</section>`;
}
