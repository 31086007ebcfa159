import type { CheckStatus, ScanResult } from '#shared/model/scans/scan-result.js';
import type { Tier } from '#shared/model/tiers.js';

/**
 * Who is ahead between an owner's site and a competitor (docs/decisions/090-competitor-comparison.md):
 * overall, per dimension and per check, by how much, and since when, from the two score histories.
 */

export type Standing = 'site' | 'competitor' | 'tied';

/** One side of a comparison: who is ahead, by how many points, and since which scan that has held. */
export interface Lead {
  /** null when either side has no figure (never scanned, or a dimension not assessed). */
  ahead: Standing | null;
  /** Points between the two (0 when tied); null with `ahead`. */
  by: number | null;
  /**
   * The scan time that starts the current standing's unbroken run across both histories, merged by
   * time; null when the histories cannot tell (none kept, or the latest snapshots lack the figure).
   */
  since: string | null;
  /** The standing held in every snapshot where both figures are known: `since` is the first such time, not a change. */
  sinceStart: boolean;
}

/**
 * A score snapshot; `dimensions` only on snapshots written since comparisons exist, `tier` (the depth it
 * was read at) only on those written since depths are compared (older ones: unknown).
 */
export interface HistoryPoint {
  scannedAt: string;
  score: number;
  dimensions?: Record<string, number | null>;
  tier?: Tier;
}

/** The snapshot a rescan keeps: the score, each dimension's and the depth, so a lead can be dated per dimension. */
export function snapshotOf(result: Pick<ScanResult, 'score' | 'createdAt' | 'dimensions' | 'tier'>): Required<HistoryPoint> {
  return {
    score: result.score,
    scannedAt: result.createdAt,
    dimensions: Object.fromEntries(result.dimensions.map((dimension) => [dimension.id, dimension.score])),
    tier: result.tier,
  };
}

/** Two depths that cannot be set side by side: both known and different (an unknown one predates depths being kept). */
export function depthsDiffer(a: Tier | null | undefined, b: Tier | null | undefined): boolean {
  return a != null && b != null && a !== b;
}

/** One check of a site's last scan, as far as a comparison needs it. */
export interface CheckFigure {
  id: string;
  dimension: string;
  title: string;
  status: CheckStatus;
  /** 0 to 1; null when not assessed or not applicable. */
  score: number | null;
  /** Rubric points earned. */
  earned: number;
}

/** What a comparison needs of one watched site: its current figures, last scan's checks and history. */
export interface CompetitionSite {
  id: string;
  label: string;
  url: string;
  isCompetitor: boolean;
  score: number | null;
  scannedAt: string | null;
  scanStatus: 'ok' | 'failed' | null;
  scanId: string | null;
  /** The tier (depth) the last score was read at; null when unknown (that scan and its snapshot predate depths being kept). */
  depth: Tier | null;
  /** The last scan's dimensions in rubric order; empty when that scan cannot be read. */
  dimensions: Array<{ id: string; name: string; score: number | null }>;
  checks: CheckFigure[];
  /** Oldest first or newest first: the rules sort it. */
  history: HistoryPoint[];
}

/** A site as the answer shows it once: its current figures, each dimension's score by id. */
export type SiteFigures = Omit<CompetitionSite, 'dimensions' | 'checks' | 'history'> & { dimensions: Record<string, number | null> };

export interface CheckGap {
  checkId: string;
  site: CheckStatus | null;
  competitor: CheckStatus | null;
  ahead: Standing | null;
  /** Rubric points between the two; null when either is not scored. */
  by: number | null;
}

/**
 * Whether the two last scans were read at the same depth. When they were not, every lead and check row is
 * left out (a deeper scan scores what a shallower one cannot see) and `rescan` names the sites to rescan at
 * the account's tier so that they are.
 */
export interface PairDepth {
  comparable: boolean;
  site: Tier | null;
  competitor: Tier | null;
  /** The sites of the pair whose last scan is not at the account's tier; empty when comparable. */
  rescan: string[];
}

export interface PairComparison {
  siteId: string;
  competitorId: string;
  depth: PairDepth;
  overall: Lead;
  dimensions: Record<string, Lead>;
  /** The checks whose status or score differ in the two last scans, biggest gap first, at most `checkRowsPerPair`. */
  checks: { differing: number; rows: CheckGap[] };
}

export interface Competition {
  sites: SiteFigures[];
  dimensions: Array<{ id: string; name: string }>;
  checks: Array<{ id: string; title: string; dimension: string }>;
  comparisons: PairComparison[];
  checkRowsPerPair: number;
}

/**
 * Check rows in one answer, shared out evenly between the pairs: with the most pairs the tier allows
 * (50 sites beside 50 competitors) each pair keeps its counts and the answer stays far below Lambda's 6 MB.
 */
export const checkRowBudget = 2_000;

function standing(site: number, competitor: number): Standing {
  if (site === competitor) return 'tied';
  return site > competitor ? 'site' : 'competitor';
}

const round = (points: number) => Math.round(points * 10) / 10;

type Reader = (point: HistoryPoint) => number | null | undefined;

/**
 * The standing at each scan time of the two merged histories (each side's latest figure at or before
 * that time), oldest first; null where either figure is unknown or the two were read at different depths.
 */
function timeline(siteHistory: readonly HistoryPoint[], competitorHistory: readonly HistoryPoint[], read: Reader) {
  const events = [
    ...siteHistory.map((point) => ({ at: point.scannedAt, side: 'site' as const, value: read(point), tier: point.tier })),
    ...competitorHistory.map((point) => ({ at: point.scannedAt, side: 'competitor' as const, value: read(point), tier: point.tier })),
  ].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const latest: { site: number | null; competitor: number | null } = { site: null, competitor: null };
  const depth: { site: Tier | undefined; competitor: Tier | undefined } = { site: undefined, competitor: undefined };
  const states: Array<{ at: string; standing: Standing | null }> = [];
  for (let index = 0; index < events.length; index += 1) {
    const event = events[index]!;
    latest[event.side] = typeof event.value === 'number' ? event.value : null;
    depth[event.side] = event.tier;
    // Snapshots of both sites at the same instant count as one moment.
    if (events[index + 1]?.at === event.at) continue;
    const known = latest.site !== null && latest.competitor !== null && !depthsDiffer(depth.site, depth.competitor);
    states.push({ at: event.at, standing: known ? standing(latest.site!, latest.competitor!) : null });
  }
  return states;
}

/** Who is ahead now (from the current figures) and since when (from the histories). */
export function leadOf(
  now: { site: number | null; competitor: number | null },
  histories: { site: readonly HistoryPoint[]; competitor: readonly HistoryPoint[] },
  read: Reader,
): Lead {
  if (now.site === null || now.competitor === null) return { ahead: null, by: null, since: null, sinceStart: false };
  const ahead = standing(now.site, now.competitor);
  const lead = { ahead, by: round(Math.abs(now.site - now.competitor)) };
  const states = timeline(histories.site, histories.competitor, read);
  let start = states.length - 1;
  // The histories must end where the current figures stand, or they cannot date the standing.
  if (start < 0 || states[start]!.standing !== ahead) return { ...lead, since: null, sinceStart: false };
  while (start > 0 && states[start - 1]!.standing === ahead) start -= 1;
  return { ...lead, since: states[start]!.at, sinceStart: start === 0 || states[start - 1]!.standing === null };
}

const unknownLead: Lead = { ahead: null, by: null, since: null, sinceStart: false };

function depthOf(site: CompetitionSite, competitor: CompetitionSite, accountTier: Tier): PairDepth {
  const comparable = !depthsDiffer(site.depth, competitor.depth);
  return {
    comparable,
    site: site.depth,
    competitor: competitor.depth,
    rescan: comparable ? [] : [site, competitor].filter((one) => one.depth !== accountTier).map((one) => one.id),
  };
}

const overallScore: Reader = (point) => point.score;
const dimensionScore =
  (id: string): Reader =>
  (point) =>
    point.dimensions?.[id];

function checkGaps(site: CompetitionSite, competitor: CompetitionSite): CheckGap[] {
  if (site.checks.length === 0 || competitor.checks.length === 0) return [];
  const theirs = new Map(competitor.checks.map((check) => [check.id, check]));
  const ids = [...new Set([...site.checks.map((check) => check.id), ...competitor.checks.map((check) => check.id)])];
  const ours = new Map(site.checks.map((check) => [check.id, check]));
  const gaps: CheckGap[] = [];
  for (const id of ids) {
    const a = ours.get(id);
    const b = theirs.get(id);
    if (a && b && a.status === b.status && a.score === b.score) continue;
    const scored = a?.score != null && b?.score != null;
    gaps.push({
      checkId: id,
      site: a?.status ?? null,
      competitor: b?.status ?? null,
      ahead: scored ? standing(a.score!, b.score!) : null,
      by: scored ? round(Math.abs(a.earned - b.earned)) : null,
    });
  }
  return gaps.sort((x, y) => (y.by ?? -1) - (x.by ?? -1) || x.checkId.localeCompare(y.checkId));
}

function figures(site: CompetitionSite): SiteFigures {
  return {
    id: site.id,
    label: site.label,
    url: site.url,
    isCompetitor: site.isCompetitor,
    score: site.score,
    scannedAt: site.scannedAt,
    scanStatus: site.scanStatus,
    scanId: site.scanId,
    depth: site.depth,
    dimensions: Object.fromEntries(site.dimensions.map((dimension) => [dimension.id, dimension.score])),
  };
}

/**
 * Every own site (isCompetitor false) beside every competitor, in the order given. Each site's figures
 * appear once; a pair carries only who is ahead, by how much and since when, and its differing checks
 * up to an even share of `checkRowBudget`.
 */
export function compareCompetition(sites: readonly CompetitionSite[], accountTier: Tier): Competition {
  const own = sites.filter((site) => !site.isCompetitor);
  const rivals = sites.filter((site) => site.isCompetitor);
  const pairs = own.length * rivals.length;
  const checkRowsPerPair = pairs === 0 ? 0 : Math.floor(checkRowBudget / pairs);

  const dimensions = new Map<string, string>();
  for (const site of sites)
    for (const dimension of site.dimensions) if (!dimensions.has(dimension.id)) dimensions.set(dimension.id, dimension.name);

  const figuresOf = new Map(sites.map((site) => [site.id, figures(site)]));
  const shownChecks = new Set<string>();
  const comparisons: PairComparison[] = [];
  for (const site of own) {
    const siteScores = figuresOf.get(site.id)!.dimensions;
    for (const competitor of rivals) {
      const theirScores = figuresOf.get(competitor.id)!.dimensions;
      const histories = { site: site.history, competitor: competitor.history };
      const depth = depthOf(site, competitor, accountTier);
      const gaps = depth.comparable ? checkGaps(site, competitor) : [];
      const rows = gaps.slice(0, checkRowsPerPair);
      rows.forEach((row) => shownChecks.add(row.checkId));
      const lead = (now: { site: number | null; competitor: number | null }, read: Reader) =>
        depth.comparable ? leadOf(now, histories, read) : unknownLead;
      comparisons.push({
        siteId: site.id,
        competitorId: competitor.id,
        depth,
        overall: lead({ site: site.score, competitor: competitor.score }, overallScore),
        dimensions: Object.fromEntries(
          [...dimensions.keys()].map((id) => [
            id,
            lead({ site: siteScores[id] ?? null, competitor: theirScores[id] ?? null }, dimensionScore(id)),
          ]),
        ),
        checks: { differing: gaps.length, rows },
      });
    }
  }

  const checkInfo = new Map<string, { id: string; title: string; dimension: string }>();
  for (const site of sites) {
    for (const check of site.checks) {
      if (shownChecks.has(check.id) && !checkInfo.has(check.id))
        checkInfo.set(check.id, { id: check.id, title: check.title, dimension: check.dimension });
    }
  }
  return {
    sites: [...figuresOf.values()],
    dimensions: [...dimensions].map(([id, name]) => ({ id, name })),
    checks: [...checkInfo.values()],
    comparisons,
    checkRowsPerPair,
  };
}
