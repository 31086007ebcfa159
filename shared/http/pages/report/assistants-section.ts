import type { AssistantAccess, AssistantRecord, ScanResult } from '#shared/model/scans/scan-result.js';
import { accessHead, accessOf, accessStanding, edgeFindings } from '#shared/model/scans/access-words.js';
import { stepLabels, stepStatusLabels, verdictMeanings, verdictReach } from '#shared/model/scans/result-labels.js';
import { verdictLabelOf } from '#shared/model/scans/exercised-buys.js';
import { html, type SafeHtml } from '../html.js';
import { firstFailingStep } from '#shared/model/scans/first-failing-step.js';
import { firstFixNames } from '#shared/model/scans/findings.js';
import { fixAnchor } from './fixes-section.js';
import { hostOf, webHref } from './words.js';

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
  return html`<td role="cell"><span class="verdict verdict-${assistant.verdict}">${reachMarker(assistant.verdict)} <strong>${verdictLabelOf(assistant)}</strong></span>${meaning && html`<br><span class="small muted">${meaning}</span>`}</td>`;
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

/** The vendor's page, named by its host (a dozen links all called "Source" say nothing); a link only to a web address. */
function sourceLink(source: string | null): SafeHtml | null {
  if (source === null) return null;
  const href = webHref(source);
  return href === null ? html` (source: ${source})` : html` (<a href="${href}" rel="nofollow noreferrer">${hostOf(href)}</a>)`;
}

/** The vendor's words ending in a full stop, whether or not they came with one. */
function asSentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/**
 * One role: what robots.txt says to its agents and whether the vendor says they follow it, with the vendor's
 * page; the vendor's own words where robots.txt keeps the role out (there they decide what the block does); then
 * what the edge answered the role's User-Agent when it was probed. Kept short: nine assistants share the table.
 */
function accessItems(access: AssistantAccess): SafeHtml {
  const { edge } = access;
  const keptOut = access.robots === 'blocked' || access.robots === 'partial';
  return html`<li><strong>${accessHead(access)}</strong>: ${accessStanding(access)}.${
    access.robots !== 'no_agent' &&
    html`<span class="small muted">${keptOut && html` ${asSentence(access.vendorSays)}`}${sourceLink(access.source)}</span>`
  }</li>${
    edge !== undefined &&
    edgeFindings(edge).map((finding) => html`<li class="edge edge-${edge.answer}"><strong>Edge</strong>: ${finding}.</li>`)
  }`;
}

/** Search and user-initiated visits apart; nothing for a result stored before they were (an empty cell). */
function accessCell(assistant: AssistantRecord): SafeHtml {
  const access = accessOf(assistant);
  if (access.length === 0) return html`<td role="cell" class="empty"></td>`;
  return html`<td role="cell" data-label="Search and user visits"><ul class="access">${access.map(accessItems)}</ul></td>`;
}

/** One line above the table: how many assistants can buy, and how many cannot even reach the shop. */
function tally(assistants: AssistantRecord[]): string {
  const buying = assistants.filter((assistant) => assistant.verdict === 'can_buy').length;
  const blocked = assistants.filter((assistant) => assistant.verdict === 'blocked').length;
  const partly = assistants.filter((assistant) => assistant.steps.some((step) => step.step === 'find' && step.status === 'warn')).length;
  const gap = partly === 0 ? '' : `; ${partly} ${partly === 1 ? 'finds' : 'find'} it with a gap`;
  return `${buying} of ${assistants.length} can buy here; ${blocked === 0 ? 'none is blocked' : `${blocked} ${blocked === 1 ? 'is' : 'are'} blocked`}${gap}.`;
}

/**
 * "Which assistants can shop here": one row per AI assistant with its verdict, where it stops, what to fix
 * first, and what reaches its search and its user-initiated agents (robots.txt, the vendor's word, the edge). On a phone the rows stack (site.css, `.stacking`); the explicit roles keep the table's
 * semantics when its CSS display changes.
 */
export function assistantsSection(result: ScanResult): SafeHtml {
  const { assistants } = result;
  const fixNames = firstFixNames(result);
  // Results stored before the split have no access to show: their table stays as it was.
  const withAccess = assistants.some((assistant) => accessOf(assistant).length > 0);
  return html`<section aria-labelledby="assistants-title">
<h2 id="assistants-title">Which assistants can shop here</h2>
${
  assistants.length === 0
    ? html`<p>This result does not judge each assistant: an earlier version of the scanner made it. Scan again to see them.</p>`
    : html`<p>${tally(assistants)}</p>
<details class="more assistants-detail"><summary>Each assistant step by step: where it stops and what to fix first</summary>
<div class="scroll" tabindex="0" role="region" aria-labelledby="assistants-title"><table class="assistants stacking" role="table">
<caption>Each assistant goes through four steps: find the shop, read its products, trust its policies, buy. The boxes show how many it gets through.</caption>
<thead role="rowgroup"><tr role="row"><th scope="col" role="columnheader">Assistant</th><th scope="col" role="columnheader">Verdict</th><th scope="col" role="columnheader">First failing step</th><th scope="col" role="columnheader">First fix</th>${withAccess && html`<th scope="col" role="columnheader">Search and user visits</th>`}</tr></thead>
<tbody role="rowgroup">
${assistants.map((assistant) => html`<tr role="row"><th scope="row" role="rowheader">${assistant.name}</th>${verdictCell(assistant)}${firstStepCell(assistant)}${firstFixCell(assistant, fixNames)}${withAccess && accessCell(assistant)}</tr>`)}
</tbody>
</table></div>
</details>`
}
</section>`;
}
