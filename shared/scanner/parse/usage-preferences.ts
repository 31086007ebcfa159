/**
 * The usage preferences that apply to one page, from every place a shop can state them, and where they
 * contradict each other (docs/rubric.md, `content_signals`; sources in docs/standards.md):
 * - robots.txt `Content-Signal` / `Content-Usage` lines (content-signals-parser.ts);
 * - the AIPREF `Content-Usage` HTTP response header on the page (draft-ietf-aipref-attach, a structured
 *   dictionary in the draft-ietf-aipref-vocab format, e.g. `train-ai=n, search=y`);
 * - TDMRep reservations (tdmrep.ts), where `tdm-reservation: 1` refuses mining, i.e. AI training.
 *
 * Contradictions (`UsageConflict`), each a statement that cannot be honoured together with another:
 * 1. `header_vs_robots`: the header grants a use that robots.txt lines for every crawler (the `*` group or
 *    outside any group, path matching the page) refuse, or the reverse.
 * 2. `header_grant_without_access`: the header grants a use on a page robots.txt closes to `*` and to every
 *    known agent, so no crawler may fetch it to exercise that use.
 * 3. `tdm_vs_grant`: the applicable TDMRep declaration reserves TDM rights while a Content-Signal or
 *    Content-Usage statement for the page explicitly grants AI training.
 * Disagreeing TDMRep sources are a problem, not a contradiction: the report's order settles them.
 */

import { parseUsageSignalLine } from './content-signals-parser.js';
import type { UsageSignalLine } from './content-signals-parser.js';
import { KNOWN_AGENTS } from './robots-agents.js';
import type { UsePurpose } from './robots-agents.js';
import { evaluatePath } from './robots.js';
import type { RobotsTxt } from './robots.js';
import { normaliseRobotsPath, robotsPatternMatches, toRobotsPath } from './robots-path-match.js';
import { effectiveTdm } from './tdmrep.js';
import type { TdmDeclaration } from './tdmrep.js';

export type UsageConflictKind = 'header_vs_robots' | 'header_grant_without_access' | 'tdm_vs_grant';

export interface UsageConflict {
  kind: UsageConflictKind;
  detail: string;
}

export interface PageUsagePreferences {
  /** The page's Content-Usage header, parsed; null when it sends none. */
  header: UsageSignalLine | null;
  /** Every TDMRep declaration found for the page. */
  tdm: TdmDeclaration[];
  /** The declaration that applies (header, else meta, else tdmrep.json). */
  tdmApplied: TdmDeclaration | null;
  conflicts: UsageConflict[];
  /** Malformed header values and TDMRep protocol errors. */
  problems: string[];
}

export interface PageUsageInput {
  robots: RobotsTxt;
  pageUrl: string;
  /** The Content-Usage response header value, if any. */
  contentUsageHeader: string | undefined;
  tdm: readonly TdmDeclaration[];
}

const PURPOSE_WORDS: Record<UsePurpose, string> = { search: 'search', 'ai-input': 'AI input', 'ai-train': 'AI training' };

function describe(granted: boolean): string {
  return granted ? 'allows' : 'refuses';
}

/** robots.txt lines whose path covers the page, shortest path first so longer paths override (attach draft §3). */
function linesForPage(robots: RobotsTxt, path: string): UsageSignalLine[] {
  if (robots.source !== 'file') return [];
  return robots.contentSignals.lines
    .filter((line) => line.valid || Object.keys(line.preferences).length > 0)
    .filter((line) => robotsPatternMatches(normaliseRobotsPath(line.path ?? '/'), path))
    .sort((a, b) => (a.path ?? '/').length - (b.path ?? '/').length);
}

function forEveryCrawler(line: UsageSignalLine): boolean {
  return line.userAgents.length === 0 || line.userAgents.includes('*');
}

/** Per purpose, the deciding line among those for every crawler (longest path, then last written). */
function robotsPreferences(lines: readonly UsageSignalLine[]): Map<UsePurpose, UsageSignalLine> {
  const deciding = new Map<UsePurpose, UsageSignalLine>();
  for (const line of lines.filter(forEveryCrawler)) {
    for (const purpose of Object.keys(line.preferences) as UsePurpose[]) deciding.set(purpose, line);
  }
  return deciding;
}

function closedToEveryCrawler(robots: RobotsTxt, pageUrl: string): boolean {
  if (robots.source !== 'file') return false;
  return ['*', ...KNOWN_AGENTS.map((agent) => agent.token)].every((token) => !evaluatePath(robots, token, pageUrl).allowed);
}

function headerConflicts(header: UsageSignalLine, input: PageUsageInput, lines: readonly UsageSignalLine[]): UsageConflict[] {
  const conflicts: UsageConflict[] = [];
  const deciding = robotsPreferences(lines);
  for (const [purpose, granted] of Object.entries(header.preferences) as [UsePurpose, boolean][]) {
    const line = deciding.get(purpose);
    const robotsValue = line?.preferences[purpose];
    if (line && robotsValue !== undefined && robotsValue !== granted) {
      conflicts.push({
        kind: 'header_vs_robots',
        detail: `the Content-Usage header ${describe(granted)} ${PURPOSE_WORDS[purpose]} but robots.txt line ${line.line} (${line.directive}) ${describe(robotsValue)} it`,
      });
    }
  }
  const grants = (Object.entries(header.preferences) as [UsePurpose, boolean][]).filter(([, granted]) => granted);
  if (grants.length > 0 && closedToEveryCrawler(input.robots, input.pageUrl)) {
    conflicts.push({
      kind: 'header_grant_without_access',
      detail: `the Content-Usage header allows ${grants.map(([purpose]) => PURPOSE_WORDS[purpose]).join(', ')} but robots.txt disallows this page for every crawler`,
    });
  }
  return conflicts;
}

function tdmWords(declaration: TdmDeclaration): string {
  const where =
    declaration.source === 'tdmrep.json'
      ? `tdmrep.json (location ${declaration.location ?? '/'})`
      : declaration.source === 'meta'
        ? '<meta name="tdm-reservation">'
        : 'the tdm-reservation header';
  return `${where} reserves text and data mining`;
}

function tdmConflicts(applied: TdmDeclaration, header: UsageSignalLine | null, lines: readonly UsageSignalLine[]): UsageConflict[] {
  if (applied.reservation !== true) return [];
  const grants = [
    ...lines
      .filter((line) => line.preferences['ai-train'] === true)
      .map((line) => `robots.txt line ${line.line} (${line.directive}: ${line.raw})`),
    ...(header?.preferences['ai-train'] === true ? [`the Content-Usage header (${header.raw})`] : []),
  ];
  return grants.map((grant) => ({ kind: 'tdm_vs_grant', detail: `${tdmWords(applied)} but ${grant} allows AI training` }));
}

export function pageUsagePreferences(input: PageUsageInput): PageUsagePreferences {
  const path = toRobotsPath(input.pageUrl);
  const lines = linesForPage(input.robots, path);
  const raw = input.contentUsageHeader?.trim();
  const header = raw ? parseUsageSignalLine('Content-Usage', raw, 0, [], 'in the response header') : null;
  const tdm = [...input.tdm];
  const tdmApplied = effectiveTdm(tdm);

  const problems = [...(header?.problems ?? []), ...tdm.flatMap((declaration) => declaration.problems)];
  const stated = tdm.filter((declaration) => declaration.reservation !== null);
  if (new Set(stated.map((declaration) => declaration.reservation)).size > 1) {
    problems.push(
      `TDMRep sources disagree (${stated.map((declaration) => `${declaration.source}: ${declaration.reservation ? 1 : 0}`).join(', ')}); ${tdmApplied?.source ?? 'none'} applies`,
    );
  }
  const conflicts = [
    ...(header ? headerConflicts(header, input, lines) : []),
    ...(tdmApplied ? tdmConflicts(tdmApplied, header, lines) : []),
  ];
  return { header, tdm, tdmApplied, conflicts, problems };
}
