import { z } from 'zod';
import { CheckStatus, type Same } from '#shared/http/schemas/common-schemas.js';
import type { RecheckResult } from '#shared/http/schemas/recheck-schemas.js';
import { tiers } from '#shared/model/tiers.js';
import {
  agentRoles,
  assistantIds,
  assistantVerdicts,
  edgeAnswers,
  robotsObediences,
  robotsStandings,
  stepBases,
  stepDriveOutcomes,
  stepDriveKinds,
  type AssistantAccess,
  type ScanResult,
} from '#shared/model/scans/scan-result.js';
import { findingsOf } from '#shared/model/scans/findings.js';
import { accessOf } from '#shared/model/scans/access-words.js';
import { buyBasisOf } from '#shared/model/scans/exercised-buys.js';

/** Input and output schemas of the MCP tools: what tools/list shows a client, and what each answer is checked against. */

export const scanSiteInput = {
  url: z.string().describe('The shop URL to scan (absolute http or https)'),
  tier: z
    .enum(tiers)
    .optional()
    .describe(
      "The tier's page budget: local scans take any and default to growth, as the command line does; through the service a scan uses the account's tier, and a higher one is refused. The answer says which tier was used",
    ),
};
export const getResultInput = { id: z.string().describe('The id of a scan (scan_site answers with it)') };
export const explainCheckInput = { checkId: z.string().describe('A check id, such as offer_core or robots_ai_agents') };
export const watchSiteInput = { url: z.string().describe('The shop URL to watch (weekly rescans, alerts)') };
export const recheckInput = {
  scanId: z.string().describe('The id of one of your scans (scan_site answers with it)'),
  checks: z
    .array(z.string())
    .optional()
    .describe('The check ids to re-run, such as llms_txt; without it, every check the scan warned or failed'),
};

const scanCheck = z.object({
  id: z.string(),
  dimension: z.string(),
  status: CheckStatus,
  earned: z.number(),
  points: z.number(),
  summary: z.string(),
});

const scanFix = z.object({
  checkId: z.string(),
  priority: z.enum(['critical', 'high', 'medium', 'low']),
  title: z.string(),
  fix: z.string(),
  estimatedGain: z.number(),
  alsoFixes: z.array(z.string()).describe('The other checks the same change fixes (its gain includes theirs)'),
});

const edgeAnswer = z
  .enum(edgeAnswers)
  .describe(
    "served like the scanner's own request; refused (401, 403, 429); challenged; stripped (served without the product facts); error (5xx); not_assessed",
  );

/** The REST schema's AssistantAccess without its OpenAPI component ids (see recheckOutput). */
const assistantAccess = z.object({
  role: z.enum(agentRoles).describe('search: agents that index the shop; user: agents that fetch a page when a person asks'),
  agents: z.array(z.string()).describe("The vendor's product tokens in this role; empty when it documents none"),
  robots: z.enum(robotsStandings).describe("What the shop's robots.txt says to these agents"),
  obeysRobots: z.enum(robotsObediences).describe('Whether the vendor says these agents follow robots.txt or may not'),
  vendorSays: z.string().describe("The vendor's documented behaviour, in brief"),
  source: z.string().nullable().describe('The vendor page that documents it'),
  edge: z
    .object({
      token: z.string(),
      userAgent: z.string().describe('The User-Agent header as sent'),
      answer: edgeAnswer,
      pages: z.array(
        z.object({
          url: z.string(),
          scanner: z.string().describe("What the scanner's own request got"),
          agent: z.string().describe("What the request with the assistant's User-Agent got"),
          answer: edgeAnswer,
        }),
      ),
    })
    .optional()
    .describe("The edge probe: the homepage and a product page asked with this role's User-Agent, beside the scanner's answer"),
  summary: z.string(),
});

export const accessMatchesModel: Same<z.output<typeof assistantAccess>, AssistantAccess> = true;

const scanAssistant = z.object({
  id: z.enum(assistantIds),
  name: z.string(),
  verdict: z.enum(assistantVerdicts),
  firstFix: z.string().nullable().describe('The checkId of the fix to make first for this assistant'),
  access: z
    .array(assistantAccess)
    .describe('Search and user-initiated visits apart (search first); empty for a result made before they were reported'),
  buyBasis: z
    .enum(stepBases)
    .nullable()
    .describe(
      "How the buy step knows: exercised when a paid scan called the checkout endpoint the assistant buys through; declared when only the shop's documents and pages were read; null for a result made before it was reported",
    ),
  buyDrive: z
    .object({ url: z.string(), outcome: z.enum(stepDriveOutcomes), detail: z.string(), kind: z.enum(stepDriveKinds).optional() })
    .nullable()
    .describe('The call behind an exercised buy step, and what it answered'),
  buyProven: z
    .boolean()
    .describe('A checkout the scan drove (created, read back, cancelled; never completed) proved the buy step: can_buy, shown as proven'),
});

/** A scan as tools return it: the score, each dimension and check, the first fixes; the full result is the REST API's. */
export const scanSummaryOutput = z.object({
  id: z.string(),
  url: z.string(),
  finalUrl: z.string(),
  tier: z.enum(tiers),
  score: z.number(),
  band: z.enum(['agent_ready', 'partially_ready', 'needs_work', 'not_ready']),
  coverage: z.number(),
  createdAt: z.string(),
  reportUrl: z.string().nullable().describe('The report page, when the scan is stored by the service'),
  dimensions: z.array(z.object({ id: z.string(), name: z.string(), score: z.number().nullable() })),
  checks: z.array(scanCheck),
  topFixes: z.array(scanFix).describe('The highest-priority fixes, at most 5'),
  assistants: z
    .array(scanAssistant)
    .describe('What each AI assistant can do on the shop, and what reaches its search and its user-initiated agents'),
});
export type ScanSummary = z.infer<typeof scanSummaryOutput>;

export const explainCheckOutput = z.object({
  id: z.string(),
  title: z.string(),
  dimension: z.string(),
  points: z.number(),
  checks: z.string().describe('What the check looks at (the rubric text)'),
  fix: z.string().describe('How to fix it, in general; a scan recommends the fix for what it found'),
  cites: z.array(z.string()).describe('The standards the check judges against'),
});
export type CheckExplanationOutput = z.infer<typeof explainCheckOutput>;

const watchedSite = z.object({
  id: z.string(),
  url: z.string(),
  label: z.string(),
  lastScore: z.number().nullable(),
  lastScannedAt: z.string().nullable(),
  scoreChange: z.number().nullable(),
  alertEnabled: z.boolean(),
  isCompetitor: z.boolean(),
  rescanPaused: z.boolean(),
  lastScanId: z.string().nullable(),
  createdAt: z.string(),
});
export type WatchedSiteSummary = z.infer<typeof watchedSite>;

export const listWatchedSitesOutput = z.object({
  sites: z.array(watchedSite),
  limit: z.number().describe("The plan's watched-site limit"),
  used: z.number(),
});
export type WatchedSiteList = z.infer<typeof listWatchedSitesOutput>;

export const watchSiteOutput = z.object({ site: watchedSite });

const checkVerdict = z.object({
  status: CheckStatus,
  score: z.number().nullable(),
  summary: z.string(),
});

/**
 * The recheck tool answers as POST /api/v1/scan/{id}/recheck does. Its own copy of the route's schema:
 * the route's carries OpenAPI component ids, which an MCP client would see as references, not an object.
 */
export const recheckOutput = z.object({
  scanId: z.string(),
  url: z.string(),
  checkedAt: z.string(),
  pages: z.array(z.string()).describe("The scan's pages fetched again for these checks"),
  checks: z.array(
    z.object({
      checkId: z.string(),
      title: z.string(),
      dimension: z.string(),
      before: checkVerdict,
      after: checkVerdict,
      fixed: z.boolean().describe('It warned or failed in the scan and passes now'),
    }),
  ),
});
export type RecheckOutput = z.output<typeof recheckOutput>;

export const recheckOutputMatchesRoute: Same<RecheckOutput, z.output<typeof RecheckResult>> = true;

const fixesShown = 5;

/** The summary of a scan result; `reportUrl` is null for a scan that only this process holds. */
export function scanSummary(result: ScanResult, reportUrl: string | null): ScanSummary {
  return {
    id: result.id,
    url: result.url,
    finalUrl: result.finalUrl,
    tier: result.tier,
    score: result.score,
    band: result.band,
    coverage: result.coverage,
    createdAt: result.createdAt,
    reportUrl,
    dimensions: result.dimensions.map(({ id, name, score }) => ({ id, name, score })),
    checks: result.checks.map(({ id, dimension, status, earned, points, summary }) => ({ id, dimension, status, earned, points, summary })),
    topFixes: findingsOf(result.recommendations)
      .slice(0, fixesShown)
      .map(({ checkId, priority, lead, estimatedGain, also }) => ({
        checkId,
        priority,
        title: lead.title,
        fix: lead.fix,
        estimatedGain,
        alsoFixes: also.map((fix) => fix.checkId),
      })),
    assistants: result.assistants.map((assistant) => {
      const { id, name, verdict, firstFix } = assistant;
      return { id, name, verdict, firstFix, access: accessOf(assistant), ...buyBasisOf(assistant) };
    }),
  };
}

/** The fields of a watched site the tools show (the REST API's record has more: thresholds, alert routing). */
export function watchedSiteSummary(site: WatchedSiteSummary): WatchedSiteSummary {
  const { id, url, label, lastScore, lastScannedAt, scoreChange, alertEnabled, isCompetitor, rescanPaused, lastScanId, createdAt } = site;
  return { id, url, label, lastScore, lastScannedAt, scoreChange, alertEnabled, isCompetitor, rescanPaused, lastScanId, createdAt };
}
