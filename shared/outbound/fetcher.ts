import { decodeText } from './decode-text.js';
import { FetchError } from './fetch-error.js';
import { buildRequestHeaders, flattenResponseHeaders } from './http-headers.js';
import { readBody } from './read-body.js';
import { createRequestBudget } from './request-budget.js';
import { RESOURCE_LIMITS } from './resource-limits.js';
import { createSafeDispatcher, type SafeDispatcher } from './safe-dispatcher.js';
import { validateTargetUrl } from './target-url.js';
import type { TargetPolicy } from './target-policy.js';
import type { TargetUrlRejection } from './target-url.js';
import { DEFAULT_TIMEOUTS, resolveTimeouts } from './timeouts.js';
import type { Timeouts } from './timeouts.js';
import { toFetchError } from './to-fetch-error.js';
import type { FetchedResource, Fetcher, FetcherConfig, FetchOptions, RedirectHop } from './types.js';
import { SCANNER_USER_AGENT, withScannerToken } from './user-agent.js';

export const DEFAULT_MAX_REDIRECTS = 5;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

// Rejections that say something about the network behind a name (private address, internal
// name) look like "unreachable" from outside; the others are plainly invalid URLs.
const BLOCKING_REJECTIONS = new Set<TargetUrlRejection>(['blocked_address', 'special_use_host']);

interface FetcherContext {
  policy: TargetPolicy;
  dispatcher: SafeDispatcher;
  userAgent: string;
  timeouts: Timeouts;
  wallClock: () => number;
  stopwatch: () => number;
}

export function createFetcher(config: FetcherConfig): Fetcher {
  const policy: TargetPolicy = { allowPrivateHosts: [...config.allowPrivateHosts] };
  const timeouts = resolveTimeouts(DEFAULT_TIMEOUTS, config.timeouts);
  const dispatcher = createSafeDispatcher({ policy, lookup: config.lookup, timeouts });
  const context: FetcherContext = {
    policy,
    dispatcher,
    userAgent: config.userAgent ?? SCANNER_USER_AGENT,
    timeouts,
    wallClock: config.now ?? Date.now,
    stopwatch: config.now ?? (() => performance.now()),
  };
  return {
    fetch: (url, options) => fetchResource(context, url, options),
    close: () => dispatcher.destroy(),
  };
}

async function fetchResource(context: FetcherContext, rawUrl: string, options: FetchOptions): Promise<FetchedResource> {
  const startedAt = context.wallClock();
  const started = context.stopwatch();
  const timeouts = resolveTimeouts(context.timeouts, options.timeouts);
  const limit = RESOURCE_LIMITS[options.kind];
  const maxRedirects = Math.max(0, options.maxRedirects ?? DEFAULT_MAX_REDIRECTS);
  let method = options.method ?? 'GET';
  let body = options.body;
  const userAgent = options.agentUserAgent === undefined ? context.userAgent : withScannerToken(options.agentUserAgent, context.userAgent);
  const headersAt = (url: URL) =>
    buildRequestHeaders({
      userAgent,
      defaultAccept: limit.accept,
      accept: options.accept,
      extra: options.headersFor ? { ...options.headers, ...options.headersFor(url) } : options.headers,
    });
  const budget = createRequestBudget({
    requestMs: timeouts.requestMs,
    deadline: options.deadline,
    signal: options.signal,
    now: context.wallClock,
  });
  let currentUrl = rawUrl;

  try {
    let url = checkedUrl(rawUrl, context.policy);
    const requestedUrl = url.href;
    currentUrl = url.href;
    const redirects: RedirectHop[] = [];

    for (;;) {
      const sent = context.stopwatch();
      const response = await context.dispatcher.request({
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method,
        headers: headersAt(url),
        ...(body === undefined ? {} : { body }),
        signal: budget.signal,
        headersTimeout: timeouts.headersMs,
      });
      const ttfbMs = context.stopwatch() - sent;
      const responseHeaders = flattenResponseHeaders(response.headers);
      const location = responseHeaders.location;

      if (options.followRedirects !== false && REDIRECT_STATUSES.has(response.statusCode) && location) {
        response.body.resume();
        if (redirects.length >= maxRedirects) {
          throw new FetchError('too_many_redirects', `more than ${maxRedirects} redirects`, { url: url.href });
        }
        const next = resolveLocation(location, url);
        redirects.push({ url: url.href, status: response.statusCode, location: next });
        if (turnsIntoGet(response.statusCode, method)) {
          method = 'GET';
          body = undefined;
        }
        url = checkedUrl(next, context.policy);
        currentUrl = url.href;
        continue;
      }

      budget.startBodyTimer(timeouts.bodyMs);
      const read = await readBody(response.body, responseHeaders['content-encoding'], limit);
      const { text, charset } = decodeText(read.body, responseHeaders['content-type']);
      return {
        requestedUrl,
        finalUrl: url.href,
        status: response.statusCode,
        headers: responseHeaders,
        redirects,
        body: read.body,
        text,
        charset,
        bytes: read.bytes,
        truncated: read.truncated,
        timing: { startedAt, ttfbMs: Math.round(ttfbMs), totalMs: Math.round(context.stopwatch() - started) },
      };
    }
  } catch (error) {
    throw toFetchError(error, budget.signal, currentUrl);
  } finally {
    budget.dispose();
  }
}

/** As fetch does: a 303 asks for the target with GET, and so do a 301 and a 302 answering a POST. */
function turnsIntoGet(status: number, method: string): boolean {
  return (status === 303 && method !== 'HEAD') || ((status === 301 || status === 302) && method === 'POST');
}

/** Validates a URL for one hop (the first, or a redirect target) and drops its fragment. */
function checkedUrl(raw: string, policy: TargetPolicy): URL {
  const result = validateTargetUrl(raw, policy);
  if (!result.ok) {
    const kind = BLOCKING_REJECTIONS.has(result.reason) ? 'blocked' : 'invalid_url';
    throw new FetchError(kind, `${result.reason}: ${result.message}`, { url: raw });
  }
  const url = result.url;
  url.hash = '';
  return url;
}

function resolveLocation(location: string, base: URL): string {
  const target = URL.parse(location, base.href);
  if (!target) throw new FetchError('invalid_url', `unusable redirect Location "${location}"`, { url: base.href });
  return target.href;
}
