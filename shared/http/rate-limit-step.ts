import { dynamoRateSlotStore } from '#shared/db/rate-limits.js';
import { AppError, rateLimited } from '#shared/domain/errors.js';
import { consumeRateLimit } from '#shared/domain/rate-limiter.js';
import type { ApiRequest } from '#shared/http/api-types.js';
import type { RateLimitRule } from '#shared/http/route-types.js';
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

/**
 * Counts the request against the route's rolling window (429 with Retry-After when it is full), runs
 * `work`, and gives the slot back when `work` fails with one of the rule's `refundWhen` kinds.
 */
export async function withRateLimit<T>(rule: RateLimitRule, request: ApiRequest, deps: Dependencies, work: () => Promise<T>): Promise<T> {
  const outcome = await consumeRateLimit(dynamoRateSlotStore(deps.db, deps.config.tableName), {
    rule: rule.name,
    subject: subjectOf(rule, request),
    limit: rule.limit,
    windowSeconds: rule.windowSeconds,
    now: deps.clock.now(),
  });
  if (!outcome.allowed) {
    throw rateLimited(outcome.retryAfterSeconds, `Rate limit exceeded: ${rule.limit} requests per ${describeWindow(rule.windowSeconds)}`);
  }
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && rule.refundWhen?.includes(error.kind)) {
      await outcome.release().catch((releaseError: unknown) => deps.logger.warn('Could not refund a rate-limit slot', { error: releaseError }));
    }
    throw error;
  }
}

function describeWindow(seconds: number): string {
  if (seconds % 86_400 === 0) return seconds === 86_400 ? '24 hours' : `${seconds / 86_400} days`;
  if (seconds % 3_600 === 0) return seconds === 3_600 ? 'hour' : `${seconds / 3_600} hours`;
  return `${seconds} seconds`;
}
