import type { FetchErrorKind } from '#shared/outbound/fetch-error.js';
import type { FetchSession } from '#shared/scanner/fetch-session.js';
import type { DriveExchange } from '#shared/scanner/drives/drive-report.js';

/** Why a drive's request failed before any answer, or that the drive ran out of requests. */
export type DriveFailure = FetchErrorKind | 'over_budget';

export interface DriveBudget {
  /** Epoch ms: no request runs past it. */
  until: number;
  maxRequests: number;
  /** The fetch round the drive's requests are logged in. */
  round: number;
}

export interface DriveFetch {
  /** A WHATWG fetch for the MCP SDK's transport, over the scan's guarded session and nothing else. */
  fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  exchanges: DriveExchange[];
  /** The last request's failure, when it had one. */
  failure: () => DriveFailure | null;
  /** Requests the budget still allows. */
  requestsLeft: () => number;
}

const answerExcerptChars = 300;
/** Statuses the Fetch standard gives no body. */
const bodyless = new Set([101, 204, 205, 304]);

/**
 * The drive's only network path: every request through the scan's FetchSession, so each hop is checked against
 * the SSRF policy, ended by the drive's time-out and the scan's deadline, and counted against the drive's request
 * budget. Redirects come back as they are (the SDK follows them within the endpoint's origin, each one through here
 * again). A GET, which the SDK sends only to open the server's own event stream, is answered 405 without asking the
 * server: a read-only drive waits for no message the server starts, and that stream would hold the drive open.
 */
export function driveFetch(session: FetchSession, budget: DriveBudget, now: () => number): DriveFetch {
  const exchanges: DriveExchange[] = [];
  let failure: DriveFailure | null = null;
  const fetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = input instanceof Request ? input.url : input.toString();
    const method = (init.method ?? 'GET').toUpperCase();
    if (method === 'GET') return new Response(null, { status: 405 });
    if (method !== 'POST' && method !== 'DELETE') throw new TypeError(`a drive does not send ${method}`);
    const body = typeof init.body === 'string' ? init.body : undefined;
    const exchange: DriveExchange = { method, url, message: messageOf(body), status: null, contentType: null, answer: '', ms: 0 };
    // Past the time-out nothing more is sent: not even the client's notice that it gave up.
    if (now() >= budget.until || init.signal?.aborted) {
      failure = 'timeout';
      throw new TypeError('the drive is over');
    }
    if (exchanges.length >= budget.maxRequests) {
      failure = 'over_budget';
      throw new TypeError(`the drive's budget of ${budget.maxRequests} requests is spent`);
    }
    exchanges.push(exchange);
    const left = Math.max(1, budget.until - now());
    const started = now();
    const retrieval = await session.send(
      url,
      {
        kind: 'api',
        method,
        ...(body === undefined ? {} : { body }),
        headers: headersOf(init.headers),
        accept: new Headers(init.headers).get('accept') ?? 'application/json, text/event-stream',
        followRedirects: false,
        timeouts: { headersMs: left, bodyMs: left, requestMs: left },
      },
      budget.round,
      init.signal ?? undefined,
    );
    exchange.ms = Math.max(0, Math.round(now() - started));
    if (retrieval.state !== 'fetched') {
      failure = retrieval.state === 'failed' ? retrieval.reason : 'timeout';
      exchange.answer = failure.replace(/_/g, ' ');
      throw new TypeError(`fetch failed: ${exchange.answer}`);
    }
    failure = null;
    const { resource } = retrieval;
    exchange.status = resource.status;
    exchange.contentType = resource.headers['content-type'] ?? null;
    exchange.answer = resource.text.slice(0, answerExcerptChars);
    const hasBody = !bodyless.has(resource.status) && resource.status >= 200 && resource.status <= 599;
    return new Response(hasBody ? new Uint8Array(resource.body) : null, {
      status: resource.status >= 200 && resource.status <= 599 ? resource.status : 502,
      headers: Object.entries(resource.headers).filter(([name]) => name !== 'content-encoding' && name !== 'content-length'),
    });
  };
  return { fetch, exchanges, failure: () => failure, requestsLeft: () => budget.maxRequests - exchanges.length };
}

function headersOf(headers: RequestInit['headers']): Record<string, string> {
  return Object.fromEntries(new Headers(headers).entries());
}

/** The JSON-RPC method a request body carries, for the evidence. */
function messageOf(body: string | undefined): string | null {
  if (body === undefined) return null;
  try {
    const parsed: unknown = JSON.parse(body);
    const method = (parsed as { method?: unknown } | null)?.method;
    return typeof method === 'string' ? method : null;
  } catch {
    return null;
  }
}
