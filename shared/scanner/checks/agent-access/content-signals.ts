import type { Artifacts, PageArtifact } from '#shared/scanner/artifacts.js';
import type { Advice, CheckDefinition, CheckOutcome, Evidence } from '#shared/scanner/checks/types.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import type { UsePurpose } from '#shared/scanner/parse/robots.js';
import { tdmFromFile, tdmFromHeaders, tdmFromMetas } from '#shared/scanner/parse/tdmrep.js';
import type { TdmDeclaration } from '#shared/scanner/parse/tdmrep.js';
import { pageUsagePreferences } from '#shared/scanner/parse/usage-preferences.js';
import type { PageUsagePreferences } from '#shared/scanner/parse/usage-preferences.js';
import { resourceOf, robotsNotAssessed } from '#shared/scanner/checks/read-artifacts.js';
import { listWords, plural, quoteEvidence } from '#shared/scanner/checks/wording.js';

/**
 * Usage preferences a shop states (robots.txt Content-Signal / Content-Usage lines, the page's
 * Content-Usage header, TDMRep, RSL License lines) parse and agree. None at all is not applicable;
 * malformed ones warn; statements that cannot both be honoured fail.
 */

function scannedPage(artifacts: Artifacts): PageArtifact {
  return (artifacts.scannedPageIsProduct ? artifacts.productPages[0] : undefined) ?? artifacts.homepage;
}

function pageUrlOf(page: PageArtifact): string {
  return page.retrieval.state === 'fetched' ? page.retrieval.resource.finalUrl : page.url;
}

function tdmDeclarations(artifacts: Artifacts, page: PageArtifact): TdmDeclaration[] {
  const headers = resourceOf(page.retrieval)?.headers ?? {};
  const file = artifacts.site.tdmrep.result;
  return [tdmFromHeaders(headers), tdmFromMetas(page.facts?.metas ?? []), file?.present ? tdmFromFile(file, pageUrlOf(page)) : null].filter(
    (declaration): declaration is TdmDeclaration => declaration !== null,
  );
}

interface Reading {
  pageUrl: string;
  preferences: PageUsagePreferences;
  licenseProblems: string[];
}

function read(artifacts: Artifacts): Reading {
  const page = scannedPage(artifacts);
  const pageUrl = pageUrlOf(page);
  const { parsed } = artifacts.site.robots;
  const preferences = pageUsagePreferences({
    robots: parsed,
    pageUrl,
    contentUsageHeader: resourceOf(page.retrieval)?.headers['content-usage'],
    tdm: tdmDeclarations(artifacts, page),
  });
  return { pageUrl, preferences, licenseProblems: parsed.problems.filter((problem) => /^line \d+: License "/.test(problem)) };
}

function tdmText(declaration: TdmDeclaration): string {
  const reservation = declaration.reservation === null ? 'unset' : declaration.reservation ? '1 (reserved)' : '0 (not reserved)';
  const where = declaration.source === 'tdmrep.json' ? `tdmrep.json rule ${declaration.location ?? ''}` : `TDMRep ${declaration.source}`;
  return `${where}: tdm-reservation ${reservation}${declaration.policy ? `, tdm-policy ${declaration.policy}` : ''}`;
}

function evaluate(artifacts: Artifacts): CheckOutcome {
  const { url, parsed, retrieval } = artifacts.site.robots;
  const { pageUrl, preferences, licenseProblems } = read(artifacts);
  const tdmFile = artifacts.site.tdmrep;
  const tdmFileBroken = tdmFile.result?.present === true && !tdmFile.result.valid ? tdmFile.result.problems : [];
  const robotsLines = parsed.source === 'file' ? parsed.contentSignals.lines : [];
  const otherSignals =
    preferences.header !== null ||
    preferences.tdm.length > 0 ||
    tdmFile.result?.present === true ||
    parsed.licenses.length > 0 ||
    licenseProblems.length > 0;

  const notAssessed = robotsNotAssessed(artifacts);
  if (notAssessed && !otherSignals) return notAssessed;
  if (robotsLines.length === 0 && !otherSignals) {
    return outcome.notApplicable(
      'No usage preferences stated: no Content-Signal or Content-Usage line in robots.txt, no Content-Usage or TDMRep header, no tdmrep.json, no RSL License',
      [
        evidence(retrieval.state === 'fetched' ? url : null, 'no Content-Signal or Content-Usage line'),
        evidence(pageUrl, 'no Content-Usage or tdm-reservation header'),
      ],
    );
  }

  const found: Evidence[] = [
    ...robotsLines.map((line) =>
      evidence(url, `line ${line.line}: ${line.directive}: ${line.raw}${line.problems.length > 0 ? ` (${line.problems.join('; ')})` : ''}`),
    ),
    ...parsed.licenses.map((license) => evidence(url, `License: ${license} (RSL licensing terms)`)),
    ...(preferences.header ? [evidence(pageUrl, `Content-Usage header: ${preferences.header.raw}`)] : []),
    ...preferences.tdm.map((declaration) => evidence(declaration.source === 'tdmrep.json' ? tdmFile.url : pageUrl, tdmText(declaration))),
    ...parsed.contentSignals.contradictions.map((contradiction) => evidence(url, `line ${contradiction.line}: ${contradiction.detail}`)),
    ...preferences.conflicts.map((conflict) => evidence(pageUrl, conflict.detail)),
    ...[...preferences.problems, ...licenseProblems].map((problem) => evidence(pageUrl, problem)),
    ...tdmFileBroken.map((problem) => evidence(tdmFile.url, `tdmrep.json: ${problem}`)),
  ];

  const robotsContradiction = parsed.source === 'file' ? parsed.contentSignals.contradictions[0] : undefined;
  if (robotsContradiction) {
    return outcome.fail(
      `robots.txt content signals contradict its rules: line ${robotsContradiction.line} ${robotsContradiction.detail}`,
      found,
    );
  }
  const conflict = preferences.conflicts[0];
  if (conflict) return outcome.fail(`Usage preferences contradict each other: ${conflict.detail}`, found);

  const malformed = robotsLines.filter((line) => !line.valid);
  const firstMalformed = malformed[0];
  if (firstMalformed) {
    return outcome.warn(
      `${plural(malformed.length, 'content-signal line')} in robots.txt cannot be parsed: ${firstMalformed.problems[0] ?? 'malformed'}`,
      found,
    );
  }
  const problem = [...preferences.problems, ...licenseProblems, ...tdmFileBroken.map((text) => `tdmrep.json: ${text}`)][0];
  if (problem) return outcome.warn(`A usage preference cannot be read: ${problem}`, found);

  const sources = [
    ...(robotsLines.length > 0 ? [`robots.txt (${plural(robotsLines.length, 'line')})`] : []),
    ...(preferences.header ? ['the Content-Usage header'] : []),
    ...(preferences.tdm.length > 0 || tdmFile.result?.present === true ? ['TDMRep'] : []),
    ...(parsed.licenses.length > 0 ? ['an RSL License'] : []),
  ];
  return outcome.pass(`Usage preferences parse and agree: ${listWords(sources)}`, found);
}

/** A clean Content-Signal line keeping the shop's own first stated choice for each use. */
function signalSnippet(artifacts: Artifacts): string {
  const chosen = new Map<UsePurpose, boolean>();
  for (const line of artifacts.site.robots.parsed.contentSignals.lines) {
    for (const [purpose, granted] of Object.entries(line.preferences) as [UsePurpose, boolean][]) {
      if (!chosen.has(purpose)) chosen.set(purpose, granted);
    }
  }
  // A TDM reservation already refuses training: keep the snippet consistent with it.
  if (read(artifacts).preferences.tdmApplied?.reservation === true) chosen.set('ai-train', false);
  const purposes: UsePurpose[] = ['search', 'ai-input', 'ai-train'];
  const defaults: Record<UsePurpose, boolean> = { search: true, 'ai-input': true, 'ai-train': false };
  const entries = purposes.map((purpose) => `${purpose}=${(chosen.get(purpose) ?? defaults[purpose]) ? 'yes' : 'no'}`);
  return `User-agent: *\nContent-Signal: ${entries.join(', ')}\nAllow: /`;
}

function advise(result: CheckOutcome, artifacts: Artifacts): Advice {
  return {
    title: 'Make your AI usage preferences consistent',
    why: `Agents cannot honour preferences that do not parse or that contradict each other, so they fall back to guessing: ${quoteEvidence(result.evidence)}.`,
    fix: 'Use one Content-Signal line per robots.txt group with search, ai-input and ai-train set to yes or no; state the same choices in any Content-Usage header (train-ai, ai-use, search = y or n) and TDMRep reservation; do not grant a use to agents you disallow, and do not allow AI training where tdm-reservation is 1.',
    snippet: signalSnippet(artifacts),
    effort: 'S',
  };
}

export const contentSignals: CheckDefinition = {
  id: 'content_signals',
  dimension: 'agent_access',
  title: 'AI usage preferences are coherent',
  points: 1,
  evaluate,
  advise,
};
