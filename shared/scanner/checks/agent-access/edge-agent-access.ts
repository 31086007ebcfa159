import type { EdgeProbe } from '#shared/model/scans/scan-result.js';
import type { Artifacts } from '#shared/scanner/artifacts.js';
import type { Advice, CheckDefinition, CheckOutcome, Evidence } from '#shared/scanner/checks/types.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import { vendorNames } from '#shared/scanner/checks/read-artifacts.js';
import { listNames, listWords, plural, quoteEvidence } from '#shared/scanner/checks/wording.js';
import { answerOf } from '#shared/scanner/edge/answer-of.js';
import { blocksAgent, edgeProbesOf } from '#shared/scanner/edge/edge-probes.js';

const answerWords: Record<EdgeProbe['answer'], string> = {
  served: 'served',
  refused: 'refused',
  challenged: 'challenged',
  error: 'answered with an error',
  stripped: 'served without the product facts',
  not_assessed: 'not compared',
};

function probeEvidence(probes: readonly EdgeProbe[]): Evidence[] {
  return probes.flatMap((probe) =>
    probe.pages.map((page) =>
      evidence(page.url, `${probe.token}: scanner ${page.scanner}; agent ${page.agent} (${answerWords[page.answer]})`),
    ),
  );
}

function blockedLine(probe: EdgeProbe): string {
  const pages = probe.pages.filter((page) => blocksAgent(page.answer));
  return `${probe.token} ${answerWords[probe.answer]} (${listWords(pages.map((page) => `${page.agent} at ${page.url}`))})`;
}

/**
 * The homepage and the first product page asked once with each assistant family's documented User-Agent (the
 * scanner's own token appended), compared with the scanner's own answer: an edge that refuses, challenges,
 * errs or strips the product facts for an agent's User-Agent where it serves the scanner keeps that assistant
 * out, whatever robots.txt says. The score is the share of compared families served as the scanner was.
 */
function evaluate(artifacts: Artifacts): CheckOutcome {
  if (artifacts.site.edgeProbe === null) {
    return artifacts.tier === 'free'
      ? outcome.notAssessed("The free scan never asks with an assistant's User-Agent")
      : outcome.notAssessed("This scan sent no request with an assistant's User-Agent");
  }
  const probes = [...edgeProbesOf(artifacts).values()];
  const found = probeEvidence(probes);
  const compared = probes.filter((probe) => probe.answer !== 'not_assessed');
  if (compared.length === 0) {
    const scannerServed = artifacts.site.edgeProbe.some((family) => family.pages.some((page) => answerOf(page.scanner)?.kind === 'served'));
    return outcome.notAssessed(
      scannerServed
        ? "No request with an assistant's User-Agent got an answer, so none could be compared with the scanner's"
        : "The scanner's own request was not served, so no assistant's User-Agent could be compared with it (a refusal of every request is a bot wall, reported under bot_wall)",
      found,
    );
  }
  const blocked = compared.filter((probe) => blocksAgent(probe.answer));
  if (blocked.length === 0) {
    return outcome.pass(
      `The shop's edge served ${plural(compared.length, "assistant's User-Agent", "assistants' User-Agents")} as it served the scanner`,
      found,
    );
  }
  return outcome.fraction(
    (compared.length - blocked.length) / compared.length,
    `The shop's edge answers ${blocked.length} of ${compared.length} assistants' User-Agents differently from the scanner's: ${blocked.map(blockedLine).join('; ')}`,
    found,
  );
}

/** Bot protection the blocked answers name themselves (a `cf-mitigated` header, a vendor's challenge body). */
function namedVendors(artifacts: Artifacts): string[] {
  const blockedTokens = new Set(
    [...edgeProbesOf(artifacts).values()].filter((probe) => blocksAgent(probe.answer)).map((probe) => probe.token),
  );
  const vendors = (artifacts.site.edgeProbe ?? [])
    .filter((family) => blockedTokens.has(family.token))
    .flatMap((family) => family.pages.map((page) => answerOf(page.agent)?.vendor ?? null))
    .filter((vendor) => vendor !== null);
  return [...new Set(vendors)].map((vendor) => vendorNames[vendor]);
}

function advise(result: CheckOutcome, artifacts: Artifacts): Advice {
  const blocked = result.evidence.filter((item) => !/\((served|not compared)\)$/.test(item.value ?? ''));
  const vendors = namedVendors(artifacts);
  const named = vendors.length > 0 ? ` The responses name ${listNames(vendors)}: start with its bot settings.` : '';
  return {
    title: "Serve AI assistants' agents as you serve other visitors",
    why: `When a person asks an assistant about your shop, its agent is turned away or gets a page without the product: ${quoteEvidence(blocked)}.`,
    fix: `Find the rule that matches these User-Agent strings and let them through: a CDN's bot or AI-crawler settings, WAF custom rules, or User-Agent rules in the server configuration or a security plugin.${named} An edge that verifies agents by their published IP addresses may treat the real agent differently from this probe, which is sent from the scanner's address with the scanner's name appended: check which rule matched before you change it.`,
    snippet: null,
    effort: 'S',
  };
}

export const edgeAgentAccess: CheckDefinition = {
  id: 'edge_agent_access',
  dimension: 'agent_access',
  title: "Assistants' User-Agents are served as the scanner is",
  points: 2,
  evaluate,
  advise,
};
