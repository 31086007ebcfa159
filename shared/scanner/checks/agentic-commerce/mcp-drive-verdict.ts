import type { DriveExchange, McpDriveReport } from '#shared/scanner/drives/drive-report.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import type { Advice, CheckOutcome, Evidence } from '#shared/scanner/checks/types.js';
import { because, listNames } from '#shared/scanner/checks/wording.js';
import { versionOf } from '#shared/scanner/standards.js';
import { answerLine } from '#shared/scanner/checks/agentic-commerce/answer-excerpt.js';

/**
 * One request and its answer, as the verdict shows them: `POST initialize → HTTP 404 text/plain: Not Found`. The
 * start of the answer only where the drive failed: it shows what an agent got instead of a JSON-RPC message.
 */
export function exchangeLine(exchange: DriveExchange, withAnswer: boolean): string {
  const sent = `${exchange.method} ${exchange.message ?? ''}`.trim();
  if (exchange.status === null) return `${sent} → no answer (${exchange.answer})`;
  return `${sent} → ${answerLine(exchange.status, exchange.contentType, withAnswer ? exchange.answer : null)}`;
}

function exchangeEvidence(report: McpDriveReport, declaredAt: string): Evidence[] {
  const failed = report.outcome !== 'answered';
  return [
    evidence(declaredAt, `declares ${report.endpoint}`),
    ...report.exchanges.map((exchange) => evidence(exchange.url, exchangeLine(exchange, failed))),
  ];
}

/**
 * mcp_discovery on a paid scan that drove the declared endpoint (basis: exercised): what the server did when an MCP
 * client connected decides, not what the card says. `declaredAt` is the document that named the endpoint.
 */
export function judgeMcpDrive(report: McpDriveReport, declaredAt: string): CheckOutcome {
  const proof = exchangeEvidence(report, declaredAt);
  if (report.outcome !== 'answered') {
    return outcome.fail(`${report.endpoint}, which ${declaredAt} declares, did not answer an MCP client: ${report.detail}.`, proof);
  }
  const tools = report.tools ?? [];
  const rejected = tools.filter((tool) => tool.inputSchema === 'invalid');
  const listed = tools.length > 0 ? [evidence(report.endpoint, `tools: ${tools.map((tool) => tool.name).join(', ')}`)] : [];
  const answered = `${report.endpoint} answered an MCP client (${report.detail}) in ${report.durationMs} ms`;
  if (rejected.length > 0) {
    return outcome.warn(
      `${answered}, but ${rejected.length} of ${report.toolCount ?? tools.length} tools have an input schema MCP clients reject: ${listNames(rejected.map((tool) => tool.name))}.`,
      [...proof, ...rejected.map((tool) => evidence(report.endpoint, `${tool.name}: ${tool.problem ?? ''}`))],
    );
  }
  return outcome.pass(`${answered}; no tool was called.`, [...proof, ...listed]);
}

const outcomeFixes: Record<Exclude<McpDriveReport['outcome'], 'answered'>, string> = {
  refused: 'It resolves to an address agents cannot reach (a private or reserved one): publish the server on a public address.',
  http_error: 'Route the path to the MCP server itself, and let it answer without a login for initialize and tools/list.',
  not_mcp: 'The path serves a web page: route it to the MCP server instead of the storefront.',
  protocol_error: `Answer initialize with a protocol version MCP clients speak (${versionOf('mcpProtocol')} is current) and results that follow the specification.`,
  timeout: 'Answer initialize within a few seconds; agents give up on a server that keeps them waiting.',
  over_budget: 'Answer initialize directly: a chain of redirects costs every agent requests before it reaches the server.',
  failed: 'Make the endpoint reachable over HTTPS from the public internet.',
};

/** The fix for what a drive found, or null when the drive found nothing to fix. */
export function adviseMcpDrive(report: McpDriveReport, result: CheckOutcome): Advice | null {
  if (report.outcome !== 'answered') {
    return {
      title: 'Make your MCP endpoint answer MCP clients',
      why: because(
        'An agent that follows your server card or UCP profile connects to this endpoint; if it does not answer, the agent gets nowhere.',
        result,
      ),
      fix: `Serve MCP's streamable HTTP transport at ${report.endpoint}: a POST of initialize answers 200 with a JSON-RPC result (application/json or text/event-stream), then tools/list lists your tools. ${outcomeFixes[report.outcome]}`,
      snippet: null,
      effort: 'M',
    };
  }
  if (!(report.tools ?? []).some((tool) => tool.inputSchema === 'invalid')) return null;
  return {
    title: "Fix your MCP tools' input schemas",
    why: because(
      "MCP clients check each tool's input schema before they offer the tool to a model; a tool whose schema they reject cannot be called.",
      result,
    ),
    fix: 'Give each tool an inputSchema that is a JSON object with "type": "object" and is valid JSON Schema 2020-12 (or name another dialect in its $schema).',
    snippet: JSON.stringify(
      { name: 'search_products', inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] } },
      null,
      2,
    ),
    effort: 'S',
  };
}
