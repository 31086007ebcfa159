import type { ScanResult, SignalRecord, SignalStatus } from '#shared/model/scans/scan-result.js';
import { signalNames, signalStatusLabels, versionStandingLabels } from '#shared/model/scans/result-labels.js';
import { html, type SafeHtml } from '../html.js';
import { webHref } from './words.js';

/** The badge colours of the checks' statuses; the words inside say the status, so colour is never alone. */
const statusClasses: Record<SignalStatus, string> = { valid: 'pass', invalid: 'fail', missing: 'na', not_checked: 'na' };

/**
 * The address as a link only when the scan fetched something there (valid or invalid) and it is a web
 * address: a missing or unfetched document's address would lead nowhere useful, and every address came
 * from the scanned site (docs/decisions/059-assistants-and-documents-in-the-report.md).
 */
function address(signal: SignalRecord): SafeHtml | null {
  if (signal.url === '') return null;
  const fetched = signal.status === 'valid' || signal.status === 'invalid';
  const href = fetched ? webHref(signal.url) : null;
  return html`<br><span class="small url">${href === null ? signal.url : html`<a href="${href}" rel="nofollow noopener noreferrer">${signal.url}</a>`}</span>`;
}

/** Its problems, then what an agent can work around but the shop should fix, each marked as such. */
function problemsCell(signal: SignalRecord): SafeHtml {
  const notes = [
    ...signal.problems.map((problem) => html`${problem}`),
    ...(signal.warnings ?? []).map((warning) => html`To improve: ${warning}`),
  ];
  if (notes.length === 0) return html`<td role="cell" class="empty" data-label="Problems"><span class="muted">-</span></td>`;
  if (notes.length === 1) return html`<td role="cell" data-label="Problems">${notes[0]}</td>`;
  return html`<td role="cell" data-label="Problems"><ul class="problems">${notes.map((note) => html`<li>${note}</li>`)}</ul></td>`;
}

function signalRow(signal: SignalRecord): SafeHtml {
  const version =
    signal.version === undefined
      ? html`<td role="cell" class="empty" data-label="Version"><span class="muted">-</span></td>`
      : html`<td role="cell" class="version" data-label="Version">${signal.version}${
          signal.versionStanding === undefined
            ? ''
            : html`<br><span class="small muted">${versionStandingLabels[signal.versionStanding]}</span>`
        }</td>`;
  return html`<tr role="row"><th scope="row" role="rowheader">${signalNames[signal.id] ?? signal.id}${address(signal)}</th><td role="cell" class="inline"><span class="status status-${statusClasses[signal.status] ?? 'na'}">${signalStatusLabels[signal.status] ?? signal.status}</span></td>${version}${problemsCell(signal)}</tr>`;
}

/** "13 documents looked for: 3 valid, 1 invalid, 9 missing": the closed table's one line. */
function documentTally(signals: readonly SignalRecord[]): string {
  const counts = (['valid', 'invalid', 'missing', 'not_checked'] as const)
    .map((status) => [status, signals.filter((signal) => signal.status === status).length] as const)
    .filter(([, count]) => count > 0)
    .map(([status, count]) => `${count} ${signalStatusLabels[status].toLowerCase()}`);
  return `${signals.length} documents looked for: ${counts.join(', ')}`;
}

/** "Agent-facing documents": every document the scan looked for, whether it is there and well formed. */
export function signalsSection(result: ScanResult): SafeHtml {
  const { signals } = result;
  return html`<section aria-labelledby="signals-title">
<h2 id="signals-title">Agent-facing documents</h2>
${
  signals.length === 0
    ? html`<p>This result does not list the agent-facing documents: an earlier version of the scanner made it. Scan again to see them.</p>`
    : html`<details class="more signals-detail"><summary>${documentTally(signals)}</summary>
<div class="scroll" tabindex="0" role="region" aria-labelledby="signals-title"><table class="signals stacking" role="table">
<caption>The files and endpoints AI agents read to discover, understand and buy from a shop, and what the scan found at each.</caption>
<thead role="rowgroup"><tr role="row"><th scope="col" role="columnheader">Document</th><th scope="col" role="columnheader">Status</th><th scope="col" role="columnheader">Version</th><th scope="col" role="columnheader">Problems</th></tr></thead>
<tbody role="rowgroup">
${signals.map(signalRow)}
</tbody>
</table></div>
</details>`
}
</section>`;
}
