import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { FetchSession } from '#shared/scanner/fetch-session.js';
import { scannerVersion } from '#shared/scanner/version.js';
import { driveFetch, type DriveFailure, type DriveFetch } from '#shared/scanner/drives/drive-fetch.js';
import type { DriveExchange, McpDriveReport, McpToolReport } from '#shared/scanner/drives/drive-report.js';
import { judgeInputSchema } from '#shared/scanner/drives/tool-input-schemas.js';

export interface McpDriveOptions {
  timeoutMs: number;
  maxRequests: number;
  round: number;
  now: () => number;
}

const maxToolsKept = 50;
const maxListPages = 3;
const maxNameChars = 120;
const clientGraceMs = 1_000;

const listPage = (key: 'tools' | 'resources' | 'prompts') =>
  z.looseObject({ [key]: z.array(z.unknown()), nextCursor: z.string().optional() });

/**
 * A read-only drive of a declared MCP server over streamable HTTP, with the official client: initialize, then
 * tools/list (and resources/list, prompts/list where the server declares them), then the session ended. Every
 * request goes through the scan's guarded session (driveFetch), within `timeoutMs` and `maxRequests`.
 */
export async function driveMcp(endpoint: string, session: FetchSession, options: McpDriveOptions): Promise<McpDriveReport> {
  const started = options.now();
  const until = started + options.timeoutMs;
  // The client's own per-request time-out comes a moment after the drive's, so the drive's ends it first and
  // the client sends no cancellation to a server that did not answer.
  const left = () => Math.max(1, until - options.now()) + clientGraceMs;
  const net = driveFetch(session, { until, maxRequests: options.maxRequests, round: options.round }, options.now);
  const url = URL.parse(endpoint);
  const transport = url ? new StreamableHTTPClientTransport(url, { fetch: net.fetch }) : null;
  const client = new Client({ name: 'agent-readiness-scanner', version: scannerVersion }, { capabilities: {} });
  const report: McpDriveReport = {
    endpoint,
    outcome: 'failed',
    detail: '',
    protocolVersion: null,
    server: null,
    tools: null,
    toolCount: null,
    toolsComplete: true,
    resources: null,
    prompts: null,
    durationMs: 0,
    exchanges: net.exchanges,
  };
  if (transport === null) return { ...report, detail: 'the declared endpoint is not a URL' };
  const timer = new AbortController();
  const timeout = setTimeout(() => timer.abort(), options.timeoutMs);
  const timedOut = new Promise<never>((_, reject) => timer.signal.addEventListener('abort', () => reject(new DriveTimeout())));
  timedOut.catch(() => undefined);
  try {
    await Promise.race([walk(client, transport, report, net, left), timedOut]);
    report.outcome = 'answered';
    report.detail = answeredDetail(report);
    await Promise.race([transport.terminateSession().catch(() => undefined), timedOut]).catch(() => undefined);
  } catch (error) {
    Object.assign(report, failureOf(error, net.failure(), net.exchanges));
  } finally {
    clearTimeout(timeout);
    await client.close().catch(() => undefined);
    report.durationMs = Math.max(0, Math.round(options.now() - started));
  }
  return report;
}

class DriveTimeout extends Error {}

/**
 * Lists only what the server declares (a server without the tools capability may answer tools/list with an error,
 * as the specification allows). Past the first page, a list goes on only while the budget keeps room for the
 * lists after it, so a long list never turns a server that answers into a drive that ran out of requests.
 */
async function walk(
  client: Client,
  transport: StreamableHTTPClientTransport,
  report: McpDriveReport,
  net: DriveFetch,
  left: () => number,
): Promise<void> {
  await client.connect(transport, { timeout: left() });
  const info = client.getServerVersion();
  report.server = info ? { name: info.name.slice(0, maxNameChars), version: String(info.version).slice(0, maxNameChars) } : null;
  report.protocolVersion = transport.protocolVersion ?? null;
  const capabilities = client.getServerCapabilities() ?? {};
  const roomFor = (lists: number) => () => net.requestsLeft() > lists + 1;
  if (capabilities.tools) {
    const tools = await listAll(client, 'tools', left, roomFor(2));
    report.toolCount = tools.items.length;
    report.toolsComplete = tools.complete;
    report.tools = await Promise.all(tools.items.slice(0, maxToolsKept).map((tool) => toolReport(tool, report.protocolVersion)));
  }
  if (capabilities.resources) report.resources = (await listAll(client, 'resources', left, roomFor(1))).items.length;
  if (capabilities.prompts) report.prompts = (await listAll(client, 'prompts', left, roomFor(0))).items.length;
}

/** Every page of one list, up to maxListPages and while `more` allows; the items are judged here, not by the SDK's schema. */
async function listAll(
  client: Client,
  key: 'tools' | 'resources' | 'prompts',
  left: () => number,
  more: () => boolean,
): Promise<{ items: unknown[]; complete: boolean }> {
  const items: unknown[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < maxListPages && (page === 0 || more()); page += 1) {
    const answer = await client.request({ method: `${key}/list`, ...(cursor === undefined ? {} : { params: { cursor } }) }, listPage(key), {
      timeout: left(),
    });
    const listed: unknown = answer[key];
    if (Array.isArray(listed)) items.push(...(listed as unknown[]));
    cursor = typeof answer.nextCursor === 'string' ? answer.nextCursor : undefined;
    if (cursor === undefined) return { items, complete: true };
  }
  return { items, complete: false };
}

async function toolReport(tool: unknown, protocolVersion: string | null): Promise<McpToolReport> {
  const record = typeof tool === 'object' && tool !== null ? (tool as Record<string, unknown>) : {};
  const name = typeof record.name === 'string' ? record.name.slice(0, maxNameChars) : '';
  if (name === '') return { name: '(unnamed)', inputSchema: 'invalid', problem: 'the tool has no name' };
  return { name, ...(await judgeInputSchema(record.inputSchema, protocolVersion)) };
}

function answeredDetail(report: McpDriveReport): string {
  const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
  const tools =
    report.toolCount === null ? 'no tools declared' : `${report.toolsComplete ? '' : 'at least '}${count(report.toolCount, 'tool')}`;
  const parts = [`protocol ${report.protocolVersion ?? 'unknown'}`, tools];
  if (report.resources !== null) parts.push(count(report.resources, 'resource'));
  if (report.prompts !== null) parts.push(count(report.prompts, 'prompt'));
  return parts.join(', ');
}

/** Why the drive stopped, from what the network said first and what the client made of it second. */
function failureOf(
  error: unknown,
  failure: DriveFailure | null,
  exchanges: readonly DriveExchange[],
): Pick<McpDriveReport, 'outcome' | 'detail'> {
  const last = exchanges.at(-1);
  const step = last?.message ?? 'the request';
  if (failure === 'blocked') return { outcome: 'refused', detail: 'the endpoint leads to an address that is not allowed' };
  if (failure === 'over_budget') return { outcome: 'over_budget', detail: 'the drive used up its requests before the server had answered' };
  if (error instanceof DriveTimeout || failure === 'timeout' || isRequestTimeout(error)) {
    return { outcome: 'timeout', detail: `${step} got no answer in time` };
  }
  if (failure !== null) return { outcome: 'failed', detail: `${step} failed (${failure.replace(/_/g, ' ')})` };
  if (last?.status !== null && last?.status !== undefined && last.status >= 400) {
    return { outcome: 'http_error', detail: `${step} answered HTTP ${last.status}` };
  }
  if (last && last.status !== null && !isJsonRpcMedia(last.contentType)) {
    return { outcome: 'not_mcp', detail: `${step} answered ${last.contentType ?? 'no content type'}, not a JSON-RPC message` };
  }
  if (error instanceof McpError)
    return { outcome: 'protocol_error', detail: `${step} answered a JSON-RPC error (${error.code}): ${oneLine(error.message)}` };
  return {
    outcome: 'protocol_error',
    detail: `${step} broke the protocol: ${oneLine(error instanceof Error ? error.message : String(error))}`,
  };
}

function isRequestTimeout(error: unknown): boolean {
  return error instanceof McpError && error.code === Number(ErrorCode.RequestTimeout);
}

function isJsonRpcMedia(contentType: string | null): boolean {
  const essence = (contentType ?? '').split(';')[0]?.trim().toLowerCase();
  return essence === 'application/json' || essence === 'text/event-stream';
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 200);
}
