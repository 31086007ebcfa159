import { z } from 'zod';
import type { Competition } from '#shared/model/sites/competition.js';

/** At most this many pairs and, per pair, check gaps: enough for an assistant to answer, small enough to read. */
export const comparisonsShown = 25;
const gapsShown = 5;

const standing = z.enum(['site', 'competitor', 'tied']).nullable();

const lead = z.object({
  ahead: standing.describe('Who is ahead now; null when either has no figure'),
  by: z.number().nullable().describe('Points between the two; 0 when tied'),
  since: z.string().nullable().describe('The scan time the current standing has held since; null when the histories cannot tell'),
  sinceStart: z.boolean().describe('The standing held as far back as both histories go: `since` is not a change of lead'),
});

const siteFigures = z.object({
  id: z.string(),
  label: z.string(),
  url: z.string(),
  score: z.number().nullable(),
  scannedAt: z.string().nullable(),
  depth: z.enum(['free', 'pro', 'growth']).nullable().describe('The tier (depth) the last score was read at; null when unknown'),
});

/**
 * The compare_sites tool's answer: GET /api/v1/watched-sites/compare read for an assistant. Each pair names
 * both sites, the overall and per-dimension leads, and its biggest check gaps; the full report (every check
 * row) is the REST route's.
 */
export const compareSitesOutput = z.object({
  comparisons: z.array(
    z.object({
      site: siteFigures,
      competitor: siteFigures,
      comparable: z
        .boolean()
        .describe(
          'Both last scans were read at the same depth; when false no lead or gap is given (a deeper scan scores more of the shop)',
        ),
      rescan: z.array(z.string()).describe('Sites of the pair to rescan at the account’s tier before they can be compared'),
      overall: lead,
      dimensions: z.array(lead.extend({ id: z.string(), name: z.string() })),
      differingChecks: z.number().describe('Checks whose status or score differ in the two last scans'),
      biggestGaps: z
        .array(
          z.object({
            checkId: z.string(),
            title: z.string(),
            ahead: standing,
            by: z.number().nullable().describe('Rubric points between the two'),
          }),
        )
        .describe(`The largest check gaps, at most ${gapsShown}`),
    }),
  ),
  shown: z.number().describe(`Pairs in this answer, at most ${comparisonsShown}`),
  total: z.number().describe('Pairs of own sites and competitors on the account'),
});
export type CompareSitesOutput = z.output<typeof compareSitesOutput>;

export function compareSitesSummary(report: Competition): CompareSitesOutput {
  const sites = new Map(
    report.sites.map(({ id, label, url, score, scannedAt, depth }) => [id, { id, label, url, score, scannedAt, depth }]),
  );
  const titles = new Map(report.checks.map((check) => [check.id, check.title]));
  const comparisons = report.comparisons.slice(0, comparisonsShown).map((pair) => ({
    site: sites.get(pair.siteId)!,
    competitor: sites.get(pair.competitorId)!,
    comparable: pair.depth.comparable,
    rescan: pair.depth.rescan,
    overall: pair.overall,
    dimensions: report.dimensions.flatMap(({ id, name }) => {
      const dimension = pair.dimensions[id];
      return dimension ? [{ id, name, ...dimension }] : [];
    }),
    differingChecks: pair.checks.differing,
    biggestGaps: pair.checks.rows
      .slice(0, gapsShown)
      .map(({ checkId, ahead, by }) => ({ checkId, title: titles.get(checkId) ?? checkId, ahead, by })),
  }));
  return { comparisons, shown: comparisons.length, total: report.comparisons.length };
}

function standingText({ site, competitor, overall, comparable, rescan }: CompareSitesOutput['comparisons'][number]): string {
  if (!comparable) {
    const toRescan = [site, competitor]
      .filter((one) => rescan.includes(one.id))
      .map((one) => `${one.label} (POST /api/v1/watched-sites/${one.id}/rescan)`);
    return `${site.label} (scanned at ${site.depth}) and ${competitor.label} (at ${competitor.depth}) are not comparable until both are read at one depth: rescan ${toRescan.join(' and ')}`;
  }
  const since = overall.since === null ? '' : overall.sinceStart ? ` in every scan since ${overall.since}` : ` since ${overall.since}`;
  if (overall.ahead === null) return `${site.label} beside ${competitor.label}: not both scanned yet`;
  if (overall.ahead === 'tied') return `${site.label} and ${competitor.label} are tied${since}`;
  const [leader, other] = overall.ahead === 'site' ? [site, competitor] : [competitor, site];
  return `${leader.label} leads ${other.label} by ${overall.by} points${since}`;
}

/** A line for people: each pair's standing, or why there is nothing to compare. */
export function compareSitesLine(output: CompareSitesOutput): string {
  if (output.total === 0) return 'Nothing to compare: mark a watched site as a competitor (isCompetitor) beside one of your own.';
  const more = output.total > output.shown ? ` (${output.shown} of ${output.total} shown)` : '';
  return `${output.total} comparisons${more}: ${output.comparisons.map(standingText).join('; ')}.`;
}
