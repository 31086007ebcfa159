/**
 * Content-Signal (Cloudflare, contentsignals.org) and Content-Usage (IETF aipref attach/vocab
 * drafts) lines found in robots.txt.
 *
 * Types
 * - `UsageSignalLine`: one parsed line, scoped to the robots.txt group it sits in (`userAgents`,
 *   empty when it appears before any User-agent line and so applies site-wide).
 * - `SignalGroup`: a robots.txt group (its agents and whether its own rules allow `/`), supplied
 *   by robots.ts.
 * - `ContentSignalsReport`: all lines plus `contradictions`.
 *
 * "Contradict" means the file states two things that cannot both be honoured. Signals are
 * preferences about *use*; Allow/Disallow is about *access*; they only contradict when:
 * 1. `conflicting_values`: the same use is granted and refused in the same scope (same group or
 *    both site-wide, same path), including Content-Signal against Content-Usage
 *    (`ai-train=yes` with `train-ai=n`).
 * 2. `grant_without_access`: a line for the whole site grants a use (`=yes` / `=y`) in a group whose
 *    own rules disallow `/` (or, for lines outside any group, while every group and the `*`
 *    fallback disallow `/`), so no crawler it addresses can ever exercise it.
 * 3. `access_for_refused_use`: a group that names only known agents allows `/`, yet its signals
 *    (its own, else the site-wide ones) refuse every use those agents exist for (e.g.
 *    `User-agent: GPTBot` + `Allow: /` + `Content-Signal: ai-train=no`): access is granted only
 *    to do something the same file forbids.
 * Not contradictions: `ai-train=no` next to an allowed Googlebot, or `ai-input=no` with search
 * crawlers allowed; those are coherent "index me, don't train/answer" policies.
 */

import { findKnownAgent } from './robots-agents.js';
import type { UsePurpose } from './robots-agents.js';

export type SignalDirective = 'Content-Signal' | 'Content-Usage';

export interface UsageSignalLine {
  directive: SignalDirective;
  line: number;
  raw: string;
  /** Lower-case product tokens of the enclosing group; empty = outside any group (site-wide). */
  userAgents: string[];
  /** Optional leading path the preferences are limited to (aipref syntax), else null. */
  path: string | null;
  /** Every `key=value` entry as written (keys lower-cased). */
  entries: Record<string, string>;
  /** Entries mapped onto the shared purposes: true = granted, false = refused. */
  preferences: Partial<Record<UsePurpose, boolean>>;
  valid: boolean;
  problems: string[];
}

/** A robots.txt group as the contradiction check needs it. */
export interface SignalGroup {
  /** Lower-case product tokens, as in `UsageSignalLine.userAgents`. */
  userAgents: string[];
  /** Whether the group's own rules allow `/`. */
  rootAllowed: boolean;
  line: number;
}

export type ContradictionKind = 'conflicting_values' | 'grant_without_access' | 'access_for_refused_use';

export interface SignalContradiction {
  kind: ContradictionKind;
  line: number;
  detail: string;
}

export interface ContentSignalsReport {
  present: boolean;
  /** Every line parsed (present and no malformed line). */
  valid: boolean;
  lines: UsageSignalLine[];
  contradictions: SignalContradiction[];
}

// Maps, not object literals: keys come from the shop's file (think `constructor=yes`).
const CONTENT_SIGNAL_KEYS = new Map<string, UsePurpose>([
  ['search', 'search'],
  ['ai-input', 'ai-input'],
  ['ai-train', 'ai-train'],
]);

/**
 * aipref vocabulary labels (draft-ietf-aipref-vocab, revision in docs/standards.md): `train-ai`, `ai-use`
 * and `search`. `bots` and `train-genai` come from earlier revisions and still appear in deployed files;
 * `bots` (any automated processing) maps to no single purpose.
 */
const CONTENT_USAGE_KEYS = new Map<string, UsePurpose | null>([
  ['train-ai', 'ai-train'],
  ['ai-use', 'ai-input'],
  ['search', 'search'],
  ['bots', null],
  ['train-genai', 'ai-train'],
]);

export function parseUsageSignalLine(
  directive: SignalDirective,
  value: string,
  line: number,
  userAgents: string[],
  /** Where the value was found, for problems ("on line 4" in robots.txt, "in the response header"). */
  where = `on line ${line}`,
): UsageSignalLine {
  const problems: string[] = [];
  const entries = new Map<string, string>();
  const preferences: Partial<Record<UsePurpose, boolean>> = {};
  let rest = value.trim();
  let path: string | null = null;
  const pathMatch = /^(\/\S*)\s+(.*)$/.exec(rest);
  if (pathMatch) {
    path = pathMatch[1] ?? null;
    rest = pathMatch[2] ?? '';
  }

  const parts = rest
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length === 0) problems.push(`${directive} ${where} is empty`);
  let recognised = 0;
  let malformed = false;
  for (const part of parts) {
    // RFC 9651 parameters (`;param`) may follow a Content-Usage value; they do not change it.
    const [keyPart = '', valuePart] = (part.split(';', 1)[0] ?? '').split('=', 2).map((s) => s.trim());
    const key = keyPart.toLowerCase();
    if (valuePart === undefined || key === '' || valuePart === '') {
      problems.push(`${directive} entry "${part}" is not key=value`);
      malformed = true;
      continue;
    }
    const setting = directive === 'Content-Signal' ? readYesNo(valuePart) : readYN(valuePart);
    if (setting === null) {
      const expected = directive === 'Content-Signal' ? 'yes or no' : 'y or n';
      problems.push(`${directive} ${key}=${valuePart}: value must be ${expected}`);
      malformed = true;
      continue;
    }
    entries.set(key, valuePart.toLowerCase());
    const purpose = (directive === 'Content-Signal' ? CONTENT_SIGNAL_KEYS : CONTENT_USAGE_KEYS).get(key);
    if (purpose === undefined) {
      problems.push(`${directive} key "${key}" is not recognised`);
      continue;
    }
    recognised++;
    if (purpose !== null) preferences[purpose] = setting;
  }
  if (parts.length > 0 && recognised === 0 && !malformed) problems.push(`${directive} ${where} has no recognised key`);

  // Unknown keys are extension points in both specs: reported, but they do not invalidate the line.
  const valid = recognised > 0 && !malformed;
  return {
    directive,
    line,
    raw: value.trim(),
    userAgents,
    path,
    entries: Object.fromEntries(entries),
    preferences,
    valid,
    problems,
  };
}

function readYesNo(value: string): boolean | null {
  const lower = value.toLowerCase();
  return lower === 'yes' ? true : lower === 'no' ? false : null;
}

function readYN(value: string): boolean | null {
  const lower = value.toLowerCase();
  return lower === 'y' ? true : lower === 'n' ? false : null;
}

export function findSignalContradictions(
  lines: readonly UsageSignalLine[],
  groups: readonly SignalGroup[],
  /** Whether `/` is allowed for at least one crawler (the `*` fallback or any named group). */
  anyCrawlerAllowedRoot: boolean,
): SignalContradiction[] {
  const contradictions = findConflictingValues(lines);
  const siteWide = lines.filter((line) => line.userAgents.length === 0 && appliesToWholeSite(line));

  const siteWideGrants = purposesWith(siteWide, true);
  const firstSiteWide = siteWide[0];
  if (firstSiteWide && !anyCrawlerAllowedRoot && siteWideGrants.length > 0) {
    contradictions.push({
      kind: 'grant_without_access',
      line: firstSiteWide.line,
      detail: `grants ${siteWideGrants.join(', ')} but robots.txt disallows / for every crawler`,
    });
  }

  for (const group of groups) {
    const own = lines.filter((line) => sameAgents(line.userAgents, group.userAgents) && appliesToWholeSite(line));
    const ownGrants = purposesWith(own, true);
    const firstOwn = own[0];
    if (firstOwn && !group.rootAllowed && ownGrants.length > 0) {
      contradictions.push({
        kind: 'grant_without_access',
        line: firstOwn.line,
        detail: `grants ${ownGrants.join(', ')} but the same group disallows /`,
      });
    }
    // Site-wide lines apply to every group; the group's own lines override them per purpose.
    const effective = { ...mergePreferences(siteWide), ...mergePreferences(own) };
    const invited = group.rootAllowed ? agentsInvitedForRefusedUse(group.userAgents, effective) : null;
    if (invited) {
      contradictions.push({
        kind: 'access_for_refused_use',
        line: firstOwn?.line ?? firstSiteWide?.line ?? group.line,
        detail: `allows / for ${invited} but refuses every use those agents crawl for`,
      });
    }
  }
  return contradictions;
}

function findConflictingValues(lines: readonly UsageSignalLine[]): SignalContradiction[] {
  const contradictions: SignalContradiction[] = [];
  const firstByScopeAndPurpose = new Map<string, UsageSignalLine>();
  for (const line of lines) {
    for (const [purpose, granted] of Object.entries(line.preferences) as [UsePurpose, boolean][]) {
      const key = `${line.userAgents.join(',')}|${line.path ?? '/'}|${purpose}`;
      const earlier = firstByScopeAndPurpose.get(key);
      if (!earlier) {
        firstByScopeAndPurpose.set(key, line);
      } else if (earlier.preferences[purpose] !== granted) {
        contradictions.push({
          kind: 'conflicting_values',
          line: line.line,
          detail: `${purpose} is ${describe(earlier.preferences[purpose])} on line ${earlier.line} but ${describe(granted)} on line ${line.line}`,
        });
      }
    }
  }
  return contradictions;
}

function appliesToWholeSite(line: UsageSignalLine): boolean {
  return line.path === null || line.path === '/';
}

function sameAgents(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((agent, i) => agent === b[i]);
}

function mergePreferences(lines: readonly UsageSignalLine[]): Partial<Record<UsePurpose, boolean>> {
  return Object.assign({}, ...lines.map((line) => line.preferences)) as Partial<Record<UsePurpose, boolean>>;
}

function purposesWith(lines: readonly UsageSignalLine[], granted: boolean): UsePurpose[] {
  const purposes = new Set<UsePurpose>();
  for (const line of lines) {
    for (const [purpose, value] of Object.entries(line.preferences) as [UsePurpose, boolean][]) {
      if (value === granted) purposes.add(purpose);
    }
  }
  return [...purposes];
}

/** The group's agent list when every named agent is known and all of its purposes are refused. */
function agentsInvitedForRefusedUse(userAgents: readonly string[], preferences: Partial<Record<UsePurpose, boolean>>): string | null {
  if (userAgents.length === 0) return null;
  const agents = userAgents.map(findKnownAgent);
  const allRefused = agents.every((agent) => agent !== undefined && agent.purposes.every((purpose) => preferences[purpose] === false));
  return allRefused ? agents.map((agent) => agent?.token).join(', ') : null;
}

function describe(granted: boolean | undefined): string {
  return granted ? 'granted' : 'refused';
}

export function buildContentSignalsReport(
  lines: UsageSignalLine[],
  groups: readonly SignalGroup[],
  anyCrawlerAllowedRoot: boolean,
): ContentSignalsReport {
  return {
    present: lines.length > 0,
    valid: lines.length > 0 && lines.every((line) => line.valid),
    lines,
    contradictions: findSignalContradictions(lines, groups, anyCrawlerAllowedRoot),
  };
}
