import type { McpToolName } from '#shared/model/mcp-tools.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AppError } from '#shared/model/errors.js';
import { scannerVersion } from '#shared/scanner/version.js';
import { assistantLines } from './assistant-lines.js';
import { noClientAnswers } from './client-answer-validator.js';
import { compareSitesLine, compareSitesOutput } from './compare-summary.js';
import { explainCheck } from './explain-check.js';
import type { McpToolBackend } from './tool-backend.js';
import {
  explainCheckInput,
  explainCheckOutput,
  getResultInput,
  listWatchedSitesOutput,
  recheckInput,
  recheckOutput,
  scanSiteInput,
  scanSummaryOutput,
  watchSiteInput,
  watchSiteOutput,
  type RecheckOutput,
  type ScanSummary,
} from './tool-schemas.js';

/** Told about a failure that is not a refusal (a bug, a database down): the client sees only "Internal server error". */
export type UnexpectedErrorSink = (error: unknown) => void;

function recheckLine({ scanId, checks }: RecheckOutput): string {
  if (checks.length === 0) return `Nothing to re-check: scan ${scanId} passed every check it could assess.`;
  const fixed = checks.filter((check) => check.fixed).map((check) => check.checkId);
  const open = checks
    .filter((check) => !check.fixed && check.after.status !== 'pass')
    .map((check) => `${check.checkId} (${check.after.status})`);
  const parts = [`Re-checked ${checks.length} of scan ${scanId}'s checks.`];
  if (fixed.length > 0) parts.push(`Fixed: ${fixed.join(', ')}.`);
  if (open.length > 0) parts.push(`Still open: ${open.join(', ')}.`);
  return parts.join(' ');
}

/** The score, then one line per assistant (its verdict, its search and user-initiated visits, the edge). */
function scanLine(scan: ScanSummary): string {
  const report = scan.reportUrl ? ` Report: ${scan.reportUrl}` : '';
  const first = scan.topFixes[0];
  return [
    `${scan.url} scored ${scan.score}/100 (${scan.band.replace(/_/g, ' ')}) in a ${scan.tier} scan, scan ${scan.id}.${report}`,
    ...(first ? [`Fix first: ${first.title}`] : []),
    ...assistantLines(scan),
  ].join('\n');
}

/** One tool's answer: the structured result and a line for people, or the refusal's message (never a stack). */
async function answer<T extends Record<string, unknown>>(
  work: () => Promise<T>,
  summarise: (value: T) => string,
  onUnexpected: UnexpectedErrorSink,
): Promise<CallToolResult> {
  try {
    const value = await work();
    return { structuredContent: value, content: [{ type: 'text', text: summarise(value) }] };
  } catch (error) {
    const message = error instanceof AppError ? error.message : 'Internal server error';
    if (!(error instanceof AppError)) onUnexpected(error);
    return { isError: true, content: [{ type: 'text', text: message }] };
  }
}

/**
 * The service's MCP server: one catalogue of tools over any backend, for stdio (bin/cli/mcp-main.ts) and
 * streamable HTTP (shared/mcp/http-exchange.ts).
 */
/** A tool's name, held to the catalogue the API reference lists (shared/model/mcp-tools.ts). */
const tool = (name: McpToolName): McpToolName => name;

export function createMcpServer(backend: McpToolBackend, onUnexpected: UnexpectedErrorSink): McpServer {
  const server = new McpServer({ name: 'agent-readiness-scanner', version: scannerVersion }, { jsonSchemaValidator: noClientAnswers });
  const readOnly = { readOnlyHint: true, destructiveHint: false, openWorldHint: false } as const;

  server.registerTool(
    tool('scan_site'),
    {
      title: 'Scan a shop',
      description:
        'Scans a shop URL and scores how ready it is for AI shopping agents (1-100, six dimensions), with every check and the first fixes. Counts as one scan.',
      inputSchema: scanSiteInput,
      outputSchema: scanSummaryOutput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    ({ url, tier }) => answer(() => backend.scanSite({ url, tier }), scanLine, onUnexpected),
  );

  server.registerTool(
    tool('get_result'),
    {
      title: 'Get a scan result',
      description: 'A scan result by its id: the score, each dimension and check, the first fixes.',
      inputSchema: getResultInput,
      outputSchema: scanSummaryOutput,
      annotations: readOnly,
    },
    ({ id }) => answer(() => backend.getResult(id), scanLine, onUnexpected),
  );

  server.registerTool(
    tool('explain_check'),
    {
      title: 'Explain a check',
      description: 'What one check of the rubric looks at, its dimension and points, how to fix it and the standards it cites.',
      inputSchema: explainCheckInput,
      outputSchema: explainCheckOutput,
      annotations: readOnly,
    },
    ({ checkId }) =>
      answer(
        () => Promise.resolve(explainCheck(checkId)),
        (check) => `${check.id} (${check.dimension}, ${check.points} points): ${check.title}. Fix: ${check.fix}`,
        onUnexpected,
      ),
  );

  server.registerTool(
    tool('list_watched_sites'),
    {
      title: 'List watched sites',
      description: "The account's watched sites (weekly rescans and alerts) with their latest scores.",
      outputSchema: listWatchedSitesOutput,
      annotations: readOnly,
    },
    () =>
      answer(
        () => backend.listWatchedSites(),
        ({ sites, limit }) =>
          sites.length === 0
            ? `No watched sites (the plan allows ${limit}).`
            : `${sites.length} of ${limit} watched sites: ${sites.map((site) => `${site.url} (${site.lastScore ?? 'not scanned yet'})`).join(', ')}`,
        onUnexpected,
      ),
  );

  server.registerTool(
    tool('watch_site'),
    {
      title: 'Watch a site',
      description: 'Adds a shop to the watched sites: it is scanned now and every week, with alerts when its score moves.',
      inputSchema: watchSiteInput,
      outputSchema: watchSiteOutput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    ({ url }) =>
      answer(
        () => backend.watchSite(url),
        ({ site }) => `Watching ${site.url} (site ${site.id}); its first scan is queued.`,
        onUnexpected,
      ),
  );

  server.registerTool(
    tool('compare_sites'),
    {
      title: 'Compare with competitors',
      description:
        'Each of your watched sites beside each watched site marked as a competitor: who is ahead overall and per dimension, by how many points, since when, and the biggest check gaps. Growth plan.',
      outputSchema: compareSitesOutput,
      annotations: readOnly,
    },
    () => answer(() => backend.compareSites(), compareSitesLine, onUnexpected),
  );

  server.registerTool(
    tool('recheck'),
    {
      title: 'Re-check fixes',
      description:
        "Re-runs some of a scan's checks on the same pages, fetching only what they need, and says for each whether it is fixed. The scan itself is kept as it was. Counts as one scan.",
      inputSchema: recheckInput,
      outputSchema: recheckOutput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    ({ scanId, checks }) => answer(() => backend.recheck({ scanId, checks }), recheckLine, onUnexpected),
  );

  return server;
}
