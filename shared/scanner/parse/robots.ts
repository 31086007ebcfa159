/**
 * robots.txt per RFC 9309, evaluated for the agents in docs/rubric.md.
 *
 * Types
 * - `RobotsResponse`: what the fetcher saw (status or 'unreachable', body, Content-Type).
 * - `RobotsTxt`: the parsed file: where it came from (`source`), what it means when there are no
 *   usable rules (`effect`), groups, `Sitemap:`, `Agentmap:` (ARD) and `License:` (RSL) URLs,
 *   content signals and parse problems.
 * - `PathVerdict` / `AgentVerdict` / `AgentsEvaluation`: results of `isAllowed`-style checks.
 *
 * Status semantics (RFC 9309 §2.3.1): 2xx → parse; 3xx left over after the fetcher followed
 * redirects, and 4xx → "unavailable", allow all; 5xx or unreachable → disallow all. A 429 is
 * treated like 5xx (as Google does) but reported as `rate_limited`, and `AgentsEvaluation` is then
 * not `conclusive`: it describes our fetch, not the shop's policy. An HTML page served with 200 is
 * a soft 404 and means the same as a 404.
 *
 * robots-parser 3.0.1 is not used: it does not decode percent-encoded unreserved characters
 * (`/%7Efoo` vs `/~foo`, RFC 9309 §2.2.2) and cannot report parse problems or extension lines.
 */

import { buildContentSignalsReport, parseUsageSignalLine } from './content-signals-parser.js';
import type { ContentSignalsReport, SignalGroup, UsageSignalLine } from './content-signals-parser.js';
import { AI_SEARCH_AGENTS, KNOWN_AGENTS, fallbackTokens, findKnownAgent } from './robots-agents.js';
import type { AgentCategory } from './robots-agents.js';
import { normaliseRobotsPath, robotsPatternMatches, toRobotsPath } from './robots-path-match.js';
import { looksLikeHtmlDocument, stripBom } from './soft-404.js';

export { AI_SEARCH_AGENTS, TRAINING_AGENTS, OTHER_AI_AGENTS, KNOWN_AGENTS, fallbackTokens } from './robots-agents.js';
export type { AgentCategory, KnownAgent, UsePurpose } from './robots-agents.js';

export interface RobotsResponse {
  /** Final HTTP status after redirects, or 'unreachable' (DNS, TCP, TLS failure or timeout). */
  status: number | 'unreachable';
  body?: string;
  contentType?: string | null;
}

export type RobotsSource = 'file' | 'not_found' | 'soft_404' | 'unreachable' | 'rate_limited';
export type RobotsEffect = 'rules' | 'allow_all' | 'disallow_all';

export interface RobotsRule {
  allow: boolean;
  /** Normalised pattern (see robots-path-match.ts); its length decides the longest match. */
  pattern: string;
  line: number;
}

export interface RobotsGroup {
  /** Lower-case product tokens, or '*'. */
  userAgents: string[];
  rules: RobotsRule[];
  line: number;
}

export interface RobotsTxt {
  source: RobotsSource;
  effect: RobotsEffect;
  status: number | 'unreachable';
  /** Content-Type was text/plain. */
  servedAsText: boolean;
  groups: RobotsGroup[];
  /** Absolute http(s) `Sitemap:` URLs, deduplicated, in file order. */
  sitemaps: string[];
  /** Absolute http(s) `Agentmap:` URLs (ARD entry sources), deduplicated, in file order; group-independent like Sitemap. */
  agentmaps: string[];
  /** Absolute http(s) RSL `License:` URLs, deduplicated, in file order; global, not tied to a group (RSL 1.0). */
  licenses: string[];
  contentSignals: ContentSignalsReport;
  problems: string[];
}

export interface PathVerdict {
  path: string;
  allowed: boolean;
  /** The deciding rule; null when no rule matched or the file's effect decided. */
  rule: RobotsRule | null;
}

export interface AgentVerdict {
  agent: string;
  category: AgentCategory;
  /**
   * Which group applied: one naming the agent, one naming the token its vendor documents as its fallback
   * (Applebot follows Googlebot), the `*` group, or none.
   */
  group: 'specific' | 'fallback' | 'wildcard' | 'none';
  /** The token whose group applied when `group` is 'fallback', spelled as in KNOWN_AGENTS (`Googlebot`). */
  via?: string;
  allowedOnRoot: boolean;
  paths: PathVerdict[];
}

export interface AgentsEvaluation {
  /** False when robots.txt was rate limited: the verdicts then describe our fetch, not the shop. */
  conclusive: boolean;
  agents: AgentVerdict[];
  /** Every AI search / user-initiated agent is disallowed from `/` (drives the score cap). */
  allAiSearchDisallowedFromRoot: boolean;
}

/** RFC 9309 §2.5 requires parsing at least 500 KiB; anything after this is ignored. */
export const ROBOTS_MAX_BYTES = 512 * 1024;
const MAX_PROBLEMS = 20;

export function parseRobotsTxt(response: RobotsResponse): RobotsTxt {
  const { status } = response;
  const servedAsText = /^\s*text\/plain\b/i.test(response.contentType ?? '');
  if (status === 'unreachable' || status >= 500 || status < 200) return emptyRobots('unreachable', status, servedAsText);
  if (status === 429) return emptyRobots('rate_limited', status, servedAsText);
  if (status >= 300) return emptyRobots('not_found', status, servedAsText);

  const body = response.body ?? '';
  if (looksLikeHtmlDocument(body)) {
    return { ...emptyRobots('soft_404', status, servedAsText), problems: ['HTML page served instead of robots.txt (soft 404)'] };
  }
  return parseRobotsBody(body, status, servedAsText);
}

function emptyRobots(source: Exclude<RobotsSource, 'file'>, status: number | 'unreachable', servedAsText: boolean): RobotsTxt {
  const effect: RobotsEffect = source === 'unreachable' || source === 'rate_limited' ? 'disallow_all' : 'allow_all';
  const contentSignals: ContentSignalsReport = { present: false, valid: false, lines: [], contradictions: [] };
  return { source, effect, status, servedAsText, groups: [], sitemaps: [], agentmaps: [], licenses: [], contentSignals, problems: [] };
}

function parseRobotsBody(rawBody: string, status: number, servedAsText: boolean): RobotsTxt {
  const problems: string[] = [];
  const report = (problem: string): void => {
    if (problems.length < MAX_PROBLEMS) problems.push(problem);
  };
  let body = stripBom(rawBody);
  if (Buffer.byteLength(body, 'utf8') > ROBOTS_MAX_BYTES) {
    body = Buffer.from(body, 'utf8').subarray(0, ROBOTS_MAX_BYTES).toString('utf8');
    report(`robots.txt is larger than ${ROBOTS_MAX_BYTES} bytes; the rest was ignored`);
  }
  if (!servedAsText) report('robots.txt is not served as text/plain');

  const groups: RobotsGroup[] = [];
  const sitemaps = new Set<string>();
  const agentmaps = new Set<string>();
  const licenses = new Set<string>();
  const signalLines: UsageSignalLine[] = [];
  let current: RobotsGroup | null = null;
  // Consecutive User-agent lines share a group; a rule line ends the list (RFC 9309 §2.1).
  let collectingAgents = false;

  body.split(/\r\n|\r|\n/).forEach((rawLine, index) => {
    const lineNumber = index + 1;
    const line = (rawLine.split('#', 1)[0] ?? '').trim();
    if (line === '') return;
    const colon = line.indexOf(':');
    if (colon < 0) {
      report(`line ${lineNumber}: not a "key: value" line`);
      return;
    }
    const key = line
      .slice(0, colon)
      .trim()
      .toLowerCase()
      .replace(/[\s_]+/g, '-');
    const value = line.slice(colon + 1).trim();

    switch (key) {
      case 'user-agent':
      case 'useragent': {
        const token = productToken(value);
        if (token === null) {
          report(`line ${lineNumber}: User-agent "${value}" has no product token`);
          return;
        }
        if (!current || !collectingAgents) {
          current = { userAgents: [], rules: [], line: lineNumber };
          groups.push(current);
        }
        current.userAgents.push(token);
        collectingAgents = true;
        return;
      }
      case 'allow':
      case 'disallow': {
        collectingAgents = false;
        if (!current) {
          report(`line ${lineNumber}: ${key} rule before any User-agent line is ignored`);
          return;
        }
        // An empty Disallow allows everything, which is already the default; an empty Allow is a no-op.
        if (value !== '') current.rules.push({ allow: key === 'allow', pattern: normaliseRobotsPath(value), line: lineNumber });
        return;
      }
      case 'sitemap': {
        const url = absoluteHttpUrl(value);
        if (url) sitemaps.add(url);
        else report(`line ${lineNumber}: Sitemap "${value}" is not an absolute http(s) URL`);
        return;
      }
      // Both point at documents for every agent, wherever they sit in the file (ARD §5.1, RSL 1.0 robots.txt guide).
      case 'agentmap':
      case 'license': {
        const url = absoluteHttpUrl(value);
        const name = key === 'agentmap' ? 'Agentmap' : 'License';
        if (url) (key === 'agentmap' ? agentmaps : licenses).add(url);
        else report(`line ${lineNumber}: ${name} "${value}" is not an absolute http(s) URL`);
        return;
      }
      case 'content-signal':
      case 'content-usage': {
        const directive = key === 'content-signal' ? 'Content-Signal' : 'Content-Usage';
        const agents = current ? [...current.userAgents] : [];
        const parsed = parseUsageSignalLine(directive, value, lineNumber, agents);
        parsed.problems.forEach(report);
        signalLines.push(parsed);
        return;
      }
      case 'crawl-delay':
      case 'host':
      case 'clean-param':
      case 'request-rate':
      case 'visit-time':
        return;
      default:
        report(`line ${lineNumber}: unknown directive "${line.slice(0, colon).trim()}"`);
    }
  });

  const robots: RobotsTxt = {
    source: 'file',
    effect: 'rules',
    status,
    servedAsText,
    groups,
    sitemaps: [...sitemaps],
    agentmaps: [...agentmaps],
    licenses: [...licenses],
    contentSignals: { present: false, valid: false, lines: [], contradictions: [] },
    problems,
  };
  robots.contentSignals = buildContentSignalsReport(signalLines, signalGroups(robots), anyCrawlerAllowedRoot(robots));
  return robots;
}

/** The product token of a User-agent value: `*`, or the leading run of letters, `_` and `-`. */
function productToken(value: string): string | null {
  if (value.startsWith('*')) return '*';
  const match = /^[A-Za-z_-]+/.exec(value);
  return match ? match[0].toLowerCase() : null;
}

function absoluteHttpUrl(value: string): string | null {
  if (!/^https?:\/\//i.test(value)) return null;
  try {
    return new URL(value).href;
  } catch {
    return null;
  }
}

function signalGroups(robots: RobotsTxt): SignalGroup[] {
  return robots.groups.map((group) => ({
    userAgents: group.userAgents,
    rootAllowed: decide(group.rules, '/').allowed,
    line: group.line,
  }));
}

function anyCrawlerAllowedRoot(robots: RobotsTxt): boolean {
  const wildcardRules = rulesFor(robots, '*').rules;
  return decide(wildcardRules, '/').allowed || robots.groups.some((group) => decide(group.rules, '/').allowed);
}

/**
 * Rules of every group naming the agent (merged); else of every group naming the first token of the agent's
 * documented fallback chain that has one (Applebot follows Googlebot, robots-agents.ts); else of every `*`
 * group (RFC 9309 §2.2.1). The chain runs one way: Googlebot never follows an Applebot group.
 */
function rulesFor(robots: RobotsTxt, userAgent: string): { group: AgentVerdict['group']; via?: string; rules: RobotsRule[] } {
  const token = productToken(userAgent) ?? '*';
  if (token !== '*') {
    for (const candidate of [token, ...fallbackTokens(token)]) {
      const named = robots.groups.filter((group) => group.userAgents.includes(candidate));
      if (named.length === 0) continue;
      const rules = named.flatMap((group) => group.rules);
      return candidate === token ? { group: 'specific', rules } : { group: 'fallback', via: candidate, rules };
    }
  }
  const wildcard = robots.groups.filter((group) => group.userAgents.includes('*'));
  if (wildcard.length > 0) return { group: 'wildcard', rules: wildcard.flatMap((group) => group.rules) };
  return { group: 'none', rules: [] };
}

/** Longest matching pattern wins; on equal length Allow wins; no match allows (RFC 9309 §2.2.2). */
function decide(rules: readonly RobotsRule[], normalisedPath: string): { allowed: boolean; rule: RobotsRule | null } {
  let best: RobotsRule | null = null;
  for (const rule of rules) {
    if (!robotsPatternMatches(rule.pattern, normalisedPath)) continue;
    if (!best || rule.pattern.length > best.pattern.length || (rule.pattern.length === best.pattern.length && rule.allow && !best.allow)) {
      best = rule;
    }
  }
  return { allowed: best ? best.allow : true, rule: best };
}

/** Whether `userAgent` (a product token such as "GPTBot") may fetch `urlOrPath`. */
export function evaluatePath(robots: RobotsTxt, userAgent: string, urlOrPath: string): PathVerdict {
  const path = toRobotsPath(urlOrPath);
  if (robots.effect === 'allow_all') return { path, allowed: true, rule: null };
  if (robots.effect === 'disallow_all') return { path, allowed: false, rule: null };
  // RFC 9309 §2.2.2: /robots.txt itself is implicitly allowed.
  if (path === '/robots.txt') return { path, allowed: true, rule: null };
  return { path, ...decide(rulesFor(robots, userAgent).rules, path) };
}

/**
 * The group that decides for `userAgent`, and for a documented fallback the token it follows, spelled as in
 * KNOWN_AGENTS (`Googlebot` for Applebot); `none` when the file's effect decides.
 */
export function appliedGroup(robots: RobotsTxt, userAgent: string): { group: AgentVerdict['group']; via?: string } {
  if (robots.effect !== 'rules') return { group: 'none' };
  const { group, via } = rulesFor(robots, userAgent);
  return via ? { group, via: findKnownAgent(via)?.token ?? via } : { group };
}

export function isAllowed(robots: RobotsTxt, userAgent: string, urlOrPath: string): boolean {
  return evaluatePath(robots, userAgent, urlOrPath).allowed;
}

/** Verdicts for every rubric agent on `/` and on each of `paths` (URLs or paths). */
export function evaluateAgents(robots: RobotsTxt, paths: readonly string[]): AgentsEvaluation {
  const agents = KNOWN_AGENTS.map((agent): AgentVerdict => {
    const applied = appliedGroup(robots, agent.token);
    return {
      agent: agent.token,
      category: agent.category,
      group: applied.group,
      ...(applied.via ? { via: applied.via } : {}),
      allowedOnRoot: isAllowed(robots, agent.token, '/'),
      paths: paths.map((path) => evaluatePath(robots, agent.token, path)),
    };
  });
  const conclusive = robots.source !== 'rate_limited';
  const aiSearchTokens = new Set(AI_SEARCH_AGENTS.map((agent) => agent.token));
  const allAiSearchDisallowedFromRoot =
    conclusive && agents.filter((verdict) => aiSearchTokens.has(verdict.agent)).every((verdict) => !verdict.allowedOnRoot);
  return { conclusive, agents, allAiSearchDisallowedFromRoot };
}
