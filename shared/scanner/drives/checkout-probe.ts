import type { CheckoutProbeReport, CheckoutProtocol } from '#shared/scanner/drives/drive-report.js';
import type { FetchSession } from '#shared/scanner/fetch-session.js';
import { isJson, judgeProbe, parseJson, type ProbeJudgement } from '#shared/scanner/drives/probe-retrieval.js';

/** The id of a checkout session no shop has: the probe reads it, so nothing is ever created. */
export const probeSessionId = 'agent-readiness-probe-0000';
/** The statuses UCP gives protocol errors (its checkout REST binding's error handling, and the overview's error codes). */
const ucpProtocolErrors = new Set([400, 401, 403, 409, 422, 424, 429]);
const acpErrorTypes = new Set(['invalid_request', 'processing_error', 'service_unavailable', 'rate_limit_exceeded']);

/** Where each protocol keeps its checkout sessions, from the base URL its document declares. */
export function checkoutSessionsUrl(protocol: CheckoutProtocol, base: string): string {
  return `${base.replace(/\/+$/, '')}/${protocol === 'ucp' ? 'checkout-sessions' : 'checkout_sessions'}`;
}

export function probeUrl(protocol: CheckoutProtocol, base: string): string {
  return `${checkoutSessionsUrl(protocol, base)}/${probeSessionId}`;
}

/**
 * Reads a checkout session that does not exist, without the credentials either protocol asks for (UCP's UCP-Agent
 * profile, ACP's bearer token): a GET, so nothing is created whatever the server does. What the protocol says such
 * a call gets decides (judgeAnswer).
 */
export async function probeCheckout(
  session: FetchSession,
  protocol: CheckoutProtocol,
  base: string,
  options: { timeoutMs: number; round: number; now: () => number },
): Promise<CheckoutProbeReport> {
  const url = probeUrl(protocol, base);
  const started = options.now();
  const timeouts = { headersMs: options.timeoutMs, bodyMs: options.timeoutMs, requestMs: options.timeoutMs };
  const retrieval = await session.send(url, { kind: 'api', accept: 'application/json', timeouts }, options.round);
  return {
    protocol,
    url,
    ...judgeProbe(retrieval, protocol.toUpperCase(), (status, contentType, body) => judgeAnswer(protocol, status, contentType, body)),
    durationMs: Math.max(0, Math.round(options.now() - started)),
  };
}

/**
 * What the protocol says an unauthenticated read of a session that does not exist gets.
 * - UCP: a protocol error is an HTTP status "with JSON body containing `code` and `content`" (the checkout REST
 *   binding), though bodies are optional (the overview); a business outcome ("not_found") is HTTP 200 with the UCP envelope,
 *   `ucp.status` "error" and an error in `messages`.
 * - ACP: a 4xx with its Error object, `type` (invalid_request, processing_error, service_unavailable), `code` and
 *   `message` (the checkout OpenAPI of its 2026-04-17 release).
 * Anything else is an answer no agent can act on: a 5xx, a web page, or a success for a session that is not there.
 */
export function judgeAnswer(
  protocol: CheckoutProtocol,
  status: number,
  contentType: string | null,
  body: string,
): Pick<ProbeJudgement, 'outcome' | 'detail'> {
  if (status >= 500) return { outcome: 'server_error', detail: `it answered HTTP ${status}` };
  const json = isJson(contentType) ? parseJson(body) : undefined;
  const media = contentType?.split(';')[0]?.trim() ?? 'no content type';
  if (status >= 200 && status < 300) {
    if (protocol === 'ucp' && isUcpErrorEnvelope(json))
      return { outcome: 'as_specified', detail: `HTTP ${status} with the UCP error envelope` };
    return { outcome: 'wrong_answer', detail: `it answered HTTP ${status} (${media}) for a checkout session that does not exist` };
  }
  if (status < 400) return { outcome: 'wrong_answer', detail: `it answered HTTP ${status}` };
  if (json === undefined && body.trim() !== '')
    return { outcome: 'wrong_answer', detail: `it answered HTTP ${status} with ${media}, not JSON` };
  if (protocol === 'ucp') {
    if (!ucpProtocolErrors.has(status)) {
      return {
        outcome: 'undocumented_error',
        detail: `HTTP ${status}, where UCP answers a missing session with HTTP 200 and a not_found message, and a request without its UCP-Agent profile with 400`,
      };
    }
    if (json === undefined || hasStrings(json, ['code', 'content']))
      return { outcome: 'as_specified', detail: `HTTP ${status}${json === undefined ? ', no body' : ' with code and content'}` };
    return { outcome: 'undocumented_error', detail: `HTTP ${status} with JSON that has no code and content` };
  }
  if (isAcpError(json)) return { outcome: 'as_specified', detail: `HTTP ${status} with an ACP error (${(json as { type: string }).type})` };
  return { outcome: 'undocumented_error', detail: `HTTP ${status} without the ACP error object (type, code, message)` };
}

function hasStrings(value: unknown, keys: readonly string[]): boolean {
  return typeof value === 'object' && value !== null && keys.every((key) => typeof (value as Record<string, unknown>)[key] === 'string');
}

/** ACP's Error object: `type` from its enum, with `code` and `message`. */
export function isAcpError(value: unknown): value is { type: string; code: string; message: string } {
  return hasStrings(value, ['type', 'code', 'message']) && acpErrorTypes.has((value as { type: string }).type);
}

function isUcpErrorEnvelope(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const { ucp, messages } = value as { ucp?: { status?: unknown }; messages?: unknown };
  return (
    ucp?.status === 'error' &&
    Array.isArray(messages) &&
    messages.some((message) => (message as { type?: unknown } | null)?.type === 'error')
  );
}
