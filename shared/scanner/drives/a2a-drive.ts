import type { A2aInterface } from '#shared/scanner/parse/well-known/a2a.js';
import type { A2aInterfaceProbe } from '#shared/scanner/drives/drive-report.js';
import { isJson, isObject, judgeProbe, mediaTypeOf, parseJson, type ProbeJudgement } from '#shared/scanner/drives/probe-retrieval.js';
import type { FetchSession } from '#shared/scanner/fetch-session.js';

/**
 * The id of a task no agent has: a version 4 UUID made of zeros. Get Task reads it, so nothing is created, and A2A
 * gives one answer to it whatever the agent does: task not found.
 */
export const probeTaskId = '00000000-0000-4000-8000-000000000000';
/** The JSON-RPC id of the probe's request, which the answer must carry back. */
export const probeRequestId = 'agent-readiness-probe';

/** JSON-RPC's and A2A's error codes that say something about the interface rather than the task (A2A 1.0 §5.4, §9.5). */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const METHOD_NOT_FOUND = -32601;
const INTERNAL_ERROR = -32603;
const TASK_NOT_FOUND = -32001;
const VERSION_NOT_SUPPORTED = -32009;

interface ProbeRequest {
  /** What the evidence says was sent. */
  request: string;
  url: string;
  method: 'GET' | 'POST';
  body?: string;
  headers: Record<string, string>;
}

/** 1.0 renamed the operations and dropped REST's /v1 prefix; a version before 1.0 is asked as 0.3 asks. */
function isOnePointO(version: string): boolean {
  return Number(version.split('.')[0]) >= 1;
}

/**
 * Get Task for a task that cannot exist, in the interface's binding and version (A2A 1.0 §9.4.3, §11.3.2; 0.3 §7.3):
 * JSON-RPC POSTs `GetTask` (`tasks/get` in 0.3) to the interface's URL; HTTP+JSON GETs `/tasks/{id}` below it
 * (`/v1/tasks/{id}` in 0.3, `/{tenant}/tasks/{id}` for a tenant). A 1.0 request says `A2A-Version`, without which a
 * 1.0 agent must take it for 0.3 (§3.6.2). Null for a binding that HTTP/1.1 cannot carry (gRPC) or A2A does not define.
 */
export function probeRequest(entry: A2aInterface): ProbeRequest | null {
  const current = isOnePointO(entry.version);
  const versionHeader: Record<string, string> = current ? { 'a2a-version': entry.version } : {};
  if (entry.binding === 'JSONRPC') {
    const params = { id: probeTaskId, ...(current && entry.tenant !== null ? { tenant: entry.tenant } : {}) };
    const method = current ? 'GetTask' : 'tasks/get';
    return {
      request: `POST ${method}`,
      url: entry.url,
      method: 'POST',
      body: JSON.stringify({ jsonrpc: '2.0', id: probeRequestId, method, params }),
      headers: { 'content-type': 'application/json', ...versionHeader },
    };
  }
  if (entry.binding === 'HTTP+JSON') {
    const base = entry.url.replace(/\/+$/, '');
    const path = current
      ? `${entry.tenant !== null ? `/${encodeURIComponent(entry.tenant)}` : ''}/tasks/${probeTaskId}`
      : `/v1/tasks/${probeTaskId}`;
    return { request: `GET ${path.replace(probeTaskId, '{id}')}`, url: `${base}${path}`, method: 'GET', headers: versionHeader };
  }
  return null;
}

/** Asks one interface (probeRequest) and judges its answer (judgeA2aAnswer); a gRPC interface is reported, not asked. */
export async function probeInterface(
  session: FetchSession,
  entry: A2aInterface,
  options: { timeoutMs: number; round: number; now: () => number; declaresSecurity: boolean },
): Promise<A2aInterfaceProbe> {
  const described = { url: entry.url, binding: entry.binding, version: entry.version };
  const probe = probeRequest(entry);
  if (probe === null) {
    const why =
      entry.binding === 'GRPC'
        ? 'not asked: gRPC runs over HTTP/2, which the scanner does not speak'
        : `not asked: A2A defines no binding called ${entry.binding}`;
    return {
      ...described,
      request: null,
      askedUrl: entry.url,
      outcome: 'not_probed',
      detail: why,
      status: null,
      contentType: null,
      answer: '',
      durationMs: 0,
    };
  }
  const started = options.now();
  const timeouts = { headersMs: options.timeoutMs, bodyMs: options.timeoutMs, requestMs: options.timeoutMs };
  const accept = entry.binding === 'JSONRPC' ? 'application/json' : 'application/a2a+json, application/json';
  const retrieval = await session.send(
    probe.url,
    {
      kind: 'api',
      accept,
      method: probe.method,
      headers: probe.headers,
      timeouts,
      ...(probe.body !== undefined ? { body: probe.body } : {}),
    },
    options.round,
  );
  const judged = judgeProbe(retrieval, 'A2A', (status, contentType, body) =>
    judgeA2aAnswer(entry, status, contentType, body, options.declaresSecurity),
  );
  return {
    ...described,
    request: probe.request,
    askedUrl: probe.url,
    ...judged,
    durationMs: Math.max(0, Math.round(options.now() - started)),
  };
}

type Verdict = Pick<ProbeJudgement, 'outcome' | 'detail'>;

/**
 * What A2A says a Get Task for a task that does not exist gets, asked without credentials.
 * - JSON-RPC (1.0 §9.4, §9.5; 0.3 §6.11): a JSON-RPC 2.0 answer with the request's id and an error with an integer
 *   code and a message, task not found (-32001) being the one A2A names. "Method not found" or "version not
 *   supported" mean the interface does not speak the A2A version the card declares for it.
 * - HTTP+JSON (1.0 §11.6): 404 with `{"error": {code, message, details}}` (reason TASK_NOT_FOUND); 0.3 names no body
 *   but "a consistent JSON format", so any JSON object. The 1.0 drafts' problem+json is taken too: 1.0's own
 *   version-negotiation examples still show it.
 * - Either: 401 or 403 where the card declares how to authenticate (1.0 §3.3.2; 0.3 §4.4).
 * A 5xx, a web page, a redirect, or no JSON at all gives an agent nothing to act on.
 */
export function judgeA2aAnswer(
  entry: A2aInterface,
  status: number,
  contentType: string | null,
  body: string,
  declaresSecurity: boolean,
): Verdict {
  if (status >= 500) return { outcome: 'server_error', detail: `it answered HTTP ${status}` };
  if (status >= 300 && status < 400)
    return { outcome: 'wrong_answer', detail: `it answered HTTP ${status}, a redirect, where A2A answers` };
  const json = isJson(contentType) ? parseJson(body) : undefined;
  const media = mediaTypeOf(contentType) || 'no content type';
  if (status === 401 || status === 403) {
    return declaresSecurity
      ? { outcome: 'as_specified', detail: `HTTP ${status}: it asks for the credentials the card declares` }
      : { outcome: 'undocumented_error', detail: `HTTP ${status}: it asks for credentials, but the card declares no securitySchemes` };
  }
  if (json === undefined)
    return { outcome: 'wrong_answer', detail: `it answered HTTP ${status} with ${body.trim() === '' ? 'no body' : media}, not JSON` };
  return entry.binding === 'JSONRPC' ? judgeJsonRpc(entry, status, json) : judgeRest(entry, status, json, media);
}

function judgeJsonRpc(entry: A2aInterface, status: number, json: unknown): Verdict {
  const envelope = isObject(json) && json.jsonrpc === '2.0' && 'result' in json !== 'error' in json;
  if (!envelope)
    return {
      outcome: status === 404 || status === 405 ? 'wrong_answer' : 'undocumented_error',
      detail: `HTTP ${status} with JSON that is not a JSON-RPC 2.0 answer`,
    };
  if (json.id !== probeRequestId) return { outcome: 'undocumented_error', detail: `a JSON-RPC answer whose id is not the request's` };
  if ('result' in json)
    return { outcome: 'undocumented_error', detail: 'a result for a task that cannot exist, where A2A answers "task not found" (-32001)' };
  const error = json.error;
  if (!isObject(error) || !Number.isInteger(error.code) || typeof error.message !== 'string')
    return { outcome: 'undocumented_error', detail: 'a JSON-RPC error without an integer code and a message' };
  const code = error.code as number;
  if (code === TASK_NOT_FOUND) return { outcome: 'as_specified', detail: 'task not found (-32001), as A2A specifies' };
  if (code === METHOD_NOT_FOUND || code === VERSION_NOT_SUPPORTED) {
    const why = code === METHOD_NOT_FOUND ? 'method not found (-32601)' : 'version not supported (-32009)';
    return {
      outcome: 'undocumented_error',
      detail: `${why}: it does not speak A2A ${entry.version}, the version the card declares for it`,
    };
  }
  if (code === PARSE_ERROR || code === INVALID_REQUEST || code === INTERNAL_ERROR)
    return { outcome: 'undocumented_error', detail: `JSON-RPC error ${code} for a well-formed Get Task` };
  return { outcome: 'as_specified', detail: `JSON-RPC error ${code}, a JSON-RPC answer as A2A specifies` };
}

function judgeRest(entry: A2aInterface, status: number, json: unknown, media: string): Verdict {
  if (status < 300) return { outcome: 'undocumented_error', detail: `HTTP ${status} for a task that cannot exist, where A2A answers 404` };
  if (!isOnePointO(entry.version)) {
    return isObject(json) && status === 404
      ? { outcome: 'as_specified', detail: 'HTTP 404 with a JSON error, as A2A 0.3 specifies' }
      : { outcome: 'undocumented_error', detail: `HTTP ${status}, where A2A 0.3 answers a missing task with 404 and a JSON error` };
  }
  const error = isObject(json) ? json.error : undefined;
  if (isObject(error) && typeof error.message === 'string') {
    const reasons = Array.isArray(error.details) ? error.details.filter(isObject).map((detail) => detail.reason) : [];
    if (reasons.includes('VERSION_NOT_SUPPORTED'))
      return {
        outcome: 'undocumented_error',
        detail: `version not supported: it does not speak A2A ${entry.version}, the version the card declares for it`,
      };
    if (status === 404 || status === 400)
      return {
        outcome: 'as_specified',
        detail: `HTTP ${status} with A2A's error object${reasons.includes('TASK_NOT_FOUND') ? ' (TASK_NOT_FOUND)' : ''}`,
      };
  }
  if (media === 'application/problem+json' && status === 404)
    return { outcome: 'as_specified', detail: 'HTTP 404 with a problem+json error, as the A2A 1.0 drafts specified' };
  return { outcome: 'undocumented_error', detail: `HTTP ${status} without A2A's error object ({"error": {code, message, details}})` };
}
