import { dynamoRateLimitStore } from '#shared/db/rate-limit-store.js';
import { AppError, rateLimited } from '#shared/model/errors.js';
import { consumeRateLimit } from '#shared/model/rate-limiter.js';
import type { ApiRequest } from '#shared/http/api-types.js';
import type { RateLimitRule, RouteDef } from '#shared/http/route-types.js';
import type { Dependencies } from '#shared/dependencies.js';

function subjectOf(rule: RateLimitRule, request: ApiRequest): string {
  switch (rule.per) {
    case 'ip':
      return request.sourceIp;
    case 'account':
      return request.caller?.accountId ?? request.sourceIp;
    case 'resource': {
      const id = (request.params as { id?: string } | undefined)?.id ?? '';
      return `${request.caller?.accountId ?? request.sourceIp}:${id}`;
    }
  }
}

/** The route's limits in the order they are counted: its rate limit, then its allowance of attempts. */
export function limitsOf(route: Pick<RouteDef, 'rateLimit' | 'attemptLimit'>): RateLimitRule[] {
  return [route.rateLimit, route.attemptLimit].filter((rule): rule is RateLimitRule => rule !== undefined);
}

/**
 * A call from one of the service's own pages: browsers send `Sec-Fetch-Site: same-origin` on a page's own
 * fetches and no script can set it. Any other client can, which only moves it to the pages' bucket: both
 * buckets stay bounded (docs/decisions/109-dashboard-calls-apart.md).
 */
function fromOwnPages(request: Pick<ApiRequest, 'headers'>): boolean {
  return request.headers['sec-fetch-site'] === 'same-origin';
}

/** The rule a request counts against: the pages' own bucket for the dashboard's calls where the rule has one. */
export function ruleFor(rule: RateLimitRule, request: Pick<ApiRequest, 'headers'>): RateLimitRule {
  if (!rule.ownPages || !fromOwnPages(request)) return rule;
  return { ...rule, name: `${rule.name}-pages`, limit: rule.ownPages.limit, counts: `${rule.counts ?? 'requests'} from the dashboard` };
}

/** What is left of the route's rate limit after a request it admitted, for the RateLimit-* headers. */
export interface Allowance {
  limit: number;
  remaining: number;
}

/** The RateLimit-Limit and RateLimit-Remaining headers of an admitted request's answer. */
export function allowanceHeaders(allowance: Allowance): Record<string, string> {
  return { 'ratelimit-limit': String(allowance.limit), 'ratelimit-remaining': String(Math.max(0, allowance.remaining)) };
}

/**
 * Counts the request against each of the route's rolling windows (429 with Retry-After when one is full,
 * 5xx when one cannot be counted: the request then counts against none of them), runs `work`, and gives
 * a limit's hit back when `work` fails with one of that limit's `refundWhen` kinds.
 */
export async function withRateLimits<T>(
  route: Pick<RouteDef, 'rateLimit' | 'attemptLimit'>,
  request: ApiRequest,
  deps: Pick<Dependencies, 'table' | 'clock' | 'logger'>,
  work: () => Promise<T>,
  admitted?: (allowance: Allowance) => void,
): Promise<T> {
  const store = dynamoRateLimitStore(deps.table);
  const taken: Array<{ rule: RateLimitRule; release: () => Promise<void> }> = [];
  const giveBack = (rules: typeof taken) =>
    Promise.all(
      rules.map(({ release }) => release().catch((error: unknown) => deps.logger.warn('Could not refund a rate-limit hit', { error }))),
    );
  for (const routeRule of limitsOf(route)) {
    const rule = ruleFor(routeRule, request);
    const outcome = await consumeRateLimit(store, {
      rule: rule.name,
      subject: subjectOf(rule, request),
      limit: rule.limit,
      windowSeconds: rule.windowSeconds,
      now: deps.clock.now(),
    }).catch(async (error: unknown) => {
      await giveBack(taken);
      throw error;
    });
    if (!outcome.allowed) {
      await giveBack(taken);
      throw rateLimited(
        outcome.retryAfterSeconds,
        `Rate limit exceeded: ${rule.limit} ${rule.counts ?? 'requests'} per ${describeWindow(rule.windowSeconds)}`,
      );
    }
    taken.push({ rule, release: () => outcome.release() });
    if (routeRule === route.rateLimit) admitted?.({ limit: rule.limit, remaining: outcome.remaining });
  }
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) await giveBack(taken.filter(({ rule }) => rule.refundWhen?.includes(error.kind)));
    throw error;
  }
}

export function describeWindow(seconds: number): string {
  if (seconds % 86_400 === 0) return seconds === 86_400 ? '24 hours' : `${seconds / 86_400} days`;
  if (seconds % 3_600 === 0) return seconds === 3_600 ? 'hour' : `${seconds / 3_600} hours`;
  return `${seconds} seconds`;
}
