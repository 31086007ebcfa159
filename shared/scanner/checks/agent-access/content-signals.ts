import type { Artifacts } from '#shared/scanner/artifacts.js';
import type { Advice, CheckDefinition, CheckOutcome } from '#shared/scanner/checks/types.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import type { UsePurpose } from '#shared/scanner/parse/robots.js';
import { robotsNotAssessed } from '#shared/scanner/checks/read-artifacts.js';
import { plural, quoteEvidence } from '#shared/scanner/checks/wording.js';

/** Absent lines are not applicable; malformed lines warn; lines that contradict the rules fail. */
function evaluate(artifacts: Artifacts): CheckOutcome {
  const notAssessed = robotsNotAssessed(artifacts);
  if (notAssessed) return notAssessed;
  const { url, parsed } = artifacts.site.robots;
  const signals = parsed.contentSignals;
  if (parsed.source !== 'file' || !signals.present) {
    return outcome.notApplicable('robots.txt states no Content-Signal or Content-Usage preferences', [
      evidence(url, 'no Content-Signal or Content-Usage line'),
    ]);
  }
  const malformed = signals.lines.filter((line) => !line.valid);
  const found = [
    ...signals.lines.map((line) =>
      evidence(url, `line ${line.line}: ${line.directive}: ${line.raw}${line.problems.length > 0 ? ` (${line.problems.join('; ')})` : ''}`),
    ),
    ...signals.contradictions.map((contradiction) => evidence(url, `line ${contradiction.line}: ${contradiction.detail}`)),
  ];
  const first = signals.contradictions[0];
  if (first) {
    return outcome.fail(`robots.txt content signals contradict its rules: line ${first.line} ${first.detail}`, found);
  }
  if (malformed.length > 0) {
    return outcome.warn(
      `${plural(malformed.length, 'content-signal line')} in robots.txt cannot be parsed: ${malformed[0]?.problems[0] ?? 'malformed'}`,
      found,
    );
  }
  return outcome.pass(
    `robots.txt states content-use preferences that parse and agree with its rules (${plural(signals.lines.length, 'line')})`,
    found,
  );
}

/** A clean Content-Signal line keeping the shop's own first stated choice for each use. */
function signalSnippet(artifacts: Artifacts): string {
  const chosen = new Map<UsePurpose, boolean>();
  for (const line of artifacts.site.robots.parsed.contentSignals.lines) {
    for (const [purpose, granted] of Object.entries(line.preferences) as [UsePurpose, boolean][]) {
      if (!chosen.has(purpose)) chosen.set(purpose, granted);
    }
  }
  const purposes: UsePurpose[] = ['search', 'ai-input', 'ai-train'];
  const defaults: Record<UsePurpose, boolean> = { search: true, 'ai-input': true, 'ai-train': false };
  const entries = purposes.map((purpose) => `${purpose}=${(chosen.get(purpose) ?? defaults[purpose]) ? 'yes' : 'no'}`);
  return `User-agent: *\nContent-Signal: ${entries.join(', ')}\nAllow: /`;
}

function advise(result: CheckOutcome, artifacts: Artifacts): Advice {
  return {
    title: 'Make robots.txt content signals consistent',
    why: `Agents cannot honour preferences that do not parse or that contradict the Allow/Disallow rules, so they fall back to guessing: ${quoteEvidence(result.evidence)}.`,
    fix: 'Use one Content-Signal line per group with search, ai-input and ai-train set to yes or no; do not grant a use to agents you disallow, and do not allow agents only to refuse every use they crawl for.',
    snippet: signalSnippet(artifacts),
    effort: 'S',
  };
}

export const contentSignals: CheckDefinition = {
  id: 'content_signals',
  dimension: 'agent_access',
  title: 'Content signals in robots.txt are coherent',
  points: 2,
  evaluate,
  advise,
};
