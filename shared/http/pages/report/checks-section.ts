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

/** One check on one line; its finding and evidence a click away (and in print). */
function checkItem(check: Check, dimensionNames: ReadonlyMap<string, string>): SafeHtml {
  return html`<details class="check">
<summary><span class="status status-${check.status}">${statusLabels[check.status]}</span> <span><strong>${check.title}</strong> <span class="muted small" title="${dimensionNames.get(check.dimension) ?? check.dimension}">${check.earned}/${check.points}</span></span></summary>
<p>${check.summary}</p>
${check.evidence.length > 0 && html`<ul class="evidence">${check.evidence.map(evidenceItem)}</ul>`}
</details>`;
}

const needsWork = (check: Check) => check.status === 'fail' || check.status === 'warn';

/**
 * Every check, in the rubric's dimension order: those that fail or warn listed one per line, those
 * that pass in one closed group, the ones not applicable or not assessed in another.
 */
export function checksSection(result: ScanResult): SafeHtml {
  const dimensionNames = new Map(result.dimensions.map((dimension) => [dimension.id, dimension.name]));
  const byId = new Map(result.checks.map((check) => [check.id, check]));
  const ordered = [
    ...result.dimensions.flatMap((dimension) =>
      dimension.checks.map((id) => byId.get(id)).filter((check): check is Check => check !== undefined),
    ),
    ...result.checks.filter((check) => !result.dimensions.some((dimension) => dimension.checks.includes(check.id))),
  ];
  const failing = ordered.filter(needsWork);
  const passed = ordered.filter((check) => check.status === 'pass');
  const uncounted = ordered.filter((check) => !needsWork(check) && check.status !== 'pass');
  const item = (check: Check) => checkItem(check, dimensionNames);
  return html`<section aria-labelledby="checks-title">
<h2 id="checks-title">Every check</h2>
${
  failing.length === 0
    ? html`<p>No check fails or warns.</p>`
    : html`<p class="muted small">${failing.length === 1 ? '1 check fails or warns' : `${failing.length} checks fail or warn`}; open one for what the scan found.</p>
<div class="checks-failing">${failing.map(item)}</div>`
}
${
  passed.length > 0 &&
  html`<details class="more checks-passed"><summary>${passed.length === 1 ? '1 check passed' : `${passed.length} checks passed`}</summary>
${passed.map(item)}
</details>`
}
${
  uncounted.length > 0 &&
  html`<details class="more checks-uncounted"><summary>${uncounted.length === 1 ? '1 check not counted' : `${uncounted.length} checks not counted`} (not applicable or not assessed)</summary>
${uncounted.map(item)}
</details>`
}
</section>`;
}

export function pagesSection(result: ScanResult): SafeHtml {
  return html`<section aria-labelledby="pages-title">
<h2 id="pages-title">Pages scanned</h2>
<details class="more pages"><summary>${result.pages.length === 1 ? '1 page read' : `${result.pages.length} pages read`}</summary>
<div class="scroll" tabindex="0" role="region" aria-labelledby="pages-title"><table>
<thead><tr><th scope="col">Page</th><th scope="col">Kind</th><th scope="col">Status</th><th scope="col">First byte</th><th scope="col">Size</th></tr></thead>
<tbody>
${result.pages.map(
  (page) =>
    html`<tr><td class="small">${page.url}</td><td>${page.kind}</td><td>${page.status ?? '-'}</td><td>${page.timing.ttfbMs === null ? '-' : `${Math.round(page.timing.ttfbMs)} ms`}</td><td>${kib(page.bytes)}</td></tr>`,
)}
</tbody>
</table></div>
</details>
</section>`;
}
