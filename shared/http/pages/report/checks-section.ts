import type { ScanResult } from '#shared/model/scans/scan-result.js';
import { html, type SafeHtml } from '../html.js';
import { kib, statusLabels, webHref } from './words.js';

type Check = ScanResult['checks'][number];

function evidenceItem(item: Check['evidence'][number]): SafeHtml {
  const href = webHref(item.url);
  const where =
    item.url === null
      ? null
      : href === null
        ? html`${item.url}`
        : html`<a href="${href}" rel="nofollow noopener noreferrer">${item.url}</a>`;
  return html`<li>${where}${where && item.value !== null && ': '}${item.value}</li>`;
}

function checkItem(check: Check): SafeHtml {
  const open = check.status === 'fail' || check.status === 'warn';
  return html`<details class="check"${open && html` open`}>
<summary><span class="status status-${check.status}">${statusLabels[check.status]}</span> <span><strong>${check.title}</strong> <span class="muted small">${check.earned}/${check.points} points</span></span></summary>
<p>${check.summary}</p>
${check.evidence.length > 0 && html`<ul class="evidence">${check.evidence.map(evidenceItem)}</ul>`}
</details>`;
}

export function checksSection(result: ScanResult): SafeHtml {
  const byId = new Map(result.checks.map((check) => [check.id, check]));
  return html`<section aria-labelledby="checks-title">
<h2 id="checks-title">Every check</h2>
${result.dimensions.map(
  (
    dimension,
  ) => html`<h3 id="dimension-${dimension.id}">${dimension.name} <span class="muted small">${dimension.score === null ? 'not assessed' : `${dimension.score}/100`}</span></h3>
${dimension.checks
  .map((id) => byId.get(id))
  .filter((check): check is Check => check !== undefined)
  .map(checkItem)}`,
)}
</section>`;
}

export function pagesSection(result: ScanResult): SafeHtml {
  return html`<section aria-labelledby="pages-title">
<h2 id="pages-title">Pages scanned</h2>
<div class="scroll" tabindex="0" role="region" aria-labelledby="pages-title"><table>
<thead><tr><th scope="col">Page</th><th scope="col">Kind</th><th scope="col">Status</th><th scope="col">First byte</th><th scope="col">Size</th></tr></thead>
<tbody>
${result.pages.map(
  (page) =>
    html`<tr><td class="small">${page.url}</td><td>${page.kind}</td><td>${page.status ?? '-'}</td><td>${page.timing.ttfbMs === null ? '-' : `${Math.round(page.timing.ttfbMs)} ms`}</td><td>${kib(page.bytes)}</td></tr>`,
)}
</tbody>
</table></div>
</section>`;
}
