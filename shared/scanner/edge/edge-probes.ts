import type { AssistantId, EdgeAnswer, EdgeProbe, EdgeProbePage } from '#shared/model/scans/scan-result.js';
import { describeSkip, type Artifacts, type EdgeProbePageArtifact, type Retrieval } from '#shared/scanner/artifacts.js';
import { answerOf } from '#shared/scanner/edge/answer-of.js';

/** Worst first: the answers that keep an assistant out, then served, then what could not be compared. */
const severity: readonly EdgeAnswer[] = ['refused', 'challenged', 'error', 'stripped', 'served', 'not_assessed'];

/** Blocks the assistant at the edge: anything but served and not_assessed. */
export function blocksAgent(answer: EdgeAnswer): boolean {
  return answer !== 'served' && answer !== 'not_assessed';
}

/**
 * The edge probe judged per assistant: what the shop's edge answered each family's User-Agent beside the
 * scanner's own answer. Empty when the scan sent no probe (the free tier never does). A family's answer is the
 * worst of its pages; a page that could not be compared (not_assessed) counts only when no page could be. A 429
 * or 5xx counts only as `noisyBlock` says.
 */
export function edgeProbesOf(artifacts: Artifacts): Map<AssistantId, EdgeProbe> {
  const families = (artifacts.site.edgeProbe ?? []).map((family) => ({ family, pages: family.pages.map(judgePage) }));
  const noisyFamilies = families.filter(({ pages }) => pages.some(isNoisy)).length;
  const probes = new Map<AssistantId, EdgeProbe>();
  for (const { family, pages: judged } of families) {
    const pages = judged.map((page) =>
      isNoisy(page) && !noisyBlock(judged, noisyFamilies) ? { ...page, answer: 'not_assessed' as const } : page,
    );
    const answer = severity.find((candidate) => pages.some((page) => page.answer === candidate)) ?? 'not_assessed';
    probes.set(family.assistant, { token: family.token, userAgent: family.userAgent, answer, pages });
  }
  return probes;
}

/** A 429 or a 5xx: answers a shop also gives by chance or by load, not only by a rule on the User-Agent. */
function isNoisy(page: EdgeProbePage): boolean {
  return (page.answer === 'refused' || page.answer === 'error') && /^HTTP (429|5\d\d)$/.test(page.agent);
}

/**
 * A 429 or 5xx keeps a family out only when it is the User-Agent's doing: every page of that family that could be
 * compared got one, and no other family got one. Several families rate limited or erroring is the shop's load or
 * a fault (the probe's own requests can trip a rate limit), and one such answer beside a served page is chance.
 */
function noisyBlock(pages: readonly EdgeProbePage[], noisyFamilies: number): boolean {
  const compared = pages.filter((page) => page.answer !== 'not_assessed');
  return noisyFamilies === 1 && compared.length > 0 && compared.every(isNoisy);
}

/**
 * One page: not_assessed when the scanner itself was not served (a shop that refuses every request alike is a
 * bot wall, which bot_wall reports, never an edge block) or the probe got no answer; else the probe's class of
 * answer, and stripped when the scanner's copy shows the product's name and price and the probe's does not.
 */
function judgePage(page: EdgeProbePageArtifact): EdgeProbePage {
  const scanner = answerOf(page.scanner);
  const agent = answerOf(page.agent);
  const scannerLabel = scanner?.label ?? noAnswer(page.scanner);
  const agentLabel = agent?.label ?? noAnswer(page.agent);
  const judged = (answer: EdgeAnswer, label = agentLabel): EdgeProbePage => ({
    url: page.url,
    scanner: scannerLabel,
    agent: label,
    answer,
  });
  if (scanner === null || scanner.kind !== 'served' || agent === null) return judged('not_assessed');
  if (agent.kind !== 'served') return judged(agent.kind);
  if (page.productFacts.scanner && page.productFacts.agent === false)
    return judged('stripped', `${agent.label}, without the product's name and price`);
  return judged('served');
}

function noAnswer(retrieval: Retrieval): string {
  if (retrieval.state === 'skipped') return describeSkip(retrieval.reason);
  if (retrieval.state === 'failed') return `no answer (${retrieval.reason.replace(/_/g, ' ')})`;
  return 'answered';
}
