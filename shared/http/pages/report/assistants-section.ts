import type { AssistantRecord, ScanResult } from '#shared/model/scans/scan-result.js';
import { stepLabels, stepStatusLabels, verdictLabels, verdictMeanings, verdictReach } from '#shared/model/scans/result-labels.js';
import { html, type SafeHtml } from '../html.js';
import { firstFailingStep } from '#shared/model/scans/first-failing-step.js';
import { firstFixNames } from '#shared/model/scans/findings.js';
import { fixAnchor } from './fixes-section.js';

/**
 * How far the assistant gets, drawn as four boxes filled up to its last step (a cross when blocked): the
 * shape carries it, not the colour, and the words beside it say it again for screen readers.
 */
function reachMarker(verdict: AssistantRecord['verdict']): SafeHtml {
  const reach = verdictReach[verdict] ?? 0;
  if (reach === 0) return html`<span class="reach reach-blocked" aria-hidden="true">✕</span>`;
  return html`<span class="reach" aria-hidden="true">${[0, 1, 2, 3].map((step) => (step < reach ? html`<span class="pip pip-on"></span>` : html`<span class="pip"></span>`))}</span>`;
}

function verdictCell(assistant: AssistantRecord): SafeHtml {
  const meaning = verdictMeanings[assistant.verdict];
  return html`<td role="cell"><span class="verdict verdict-${assistant.verdict}">${reachMarker(assistant.verdict)} <strong>${verdictLabels[assistant.verdict] ?? assistant.verdict}</strong></span>${meaning && html`<br><span class="small muted">${meaning}</span>`}</td>`;
}

function firstStepCell(assistant: AssistantRecord): SafeHtml {
  const step = firstFailingStep(assistant);
  if (step === undefined) return html`<td role="cell" class="muted" data-label="First failing step">Every step passes</td>`;
  return html`<td role="cell" data-label="First failing step"><strong>${stepLabels[step.step] ?? step.step}</strong> (${stepStatusLabels[step.status] ?? step.status}): ${step.reason}</td>`;
}

function firstFixCell(assistant: AssistantRecord, names: ReturnType<typeof firstFixNames>): SafeHtml {
  if (assistant.firstFix === null) return html`<td role="cell" class="muted" data-label="First fix">Nothing to fix</td>`;
  const { title, entry } = names(assistant.firstFix);
  if (entry !== null) return html`<td role="cell" data-label="First fix"><a href="#${fixAnchor(entry)}">${title}</a></td>`;
  return html`<td role="cell" data-label="First fix">${title}</td>`;
}

/** One line above the table: how many assistants can buy, and how many cannot even reach the shop. */
function tally(assistants: AssistantRecord[]): string {
  const buying = assistants.filter((assistant) => assistant.verdict === 'can_buy').length;
  const blocked = assistants.filter((assistant) => assistant.verdict === 'blocked').length;
  return `${buying} of ${assistants.length} can buy here; ${blocked === 0 ? 'none is blocked' : `${blocked} ${blocked === 1 ? 'is' : 'are'} blocked`}.`;
}

/**
 * "Which assistants can shop here": one row per AI assistant with its verdict, where it stops and what to
 * fix first. On a phone the rows stack (site.css, `.stacking`); the explicit roles keep the table's
 * semantics when its CSS display changes.
 */
export function assistantsSection(result: ScanResult): SafeHtml {
  const { assistants } = result;
  const fixNames = firstFixNames(result);
  return html`<section aria-labelledby="assistants-title">
<h2 id="assistants-title">Which assistants can shop here</h2>
${
  assistants.length === 0
    ? html`<p>This result does not judge each assistant: an earlier version of the scanner made it. Scan again to see them.</p>`
    : html`<p>${tally(assistants)}</p>
<details class="more assistants-detail"><summary>Each assistant step by step: where it stops and what to fix first</summary>
<div class="scroll" tabindex="0" role="region" aria-labelledby="assistants-title"><table class="assistants stacking" role="table">
<caption>Each assistant goes through four steps: find the shop, read its products, trust its policies, buy. The boxes show how many it gets through.</caption>
<thead role="rowgroup"><tr role="row"><th scope="col" role="columnheader">Assistant</th><th scope="col" role="columnheader">Verdict</th><th scope="col" role="columnheader">First failing step</th><th scope="col" role="columnheader">First fix</th></tr></thead>
<tbody role="rowgroup">
${assistants.map((assistant) => html`<tr role="row"><th scope="row" role="rowheader">${assistant.name}</th>${verdictCell(assistant)}${firstStepCell(assistant)}${firstFixCell(assistant, fixNames)}</tr>`)}
</tbody>
</table></div>
</details>`
}
</section>`;
}
