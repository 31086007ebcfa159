import type { Logger } from '@aws-lambda-powertools/logger';
import { AppError } from '#shared/model/errors.js';
import type { ApiResponse } from '#shared/http/api-types.js';
import { statusForKind } from '#shared/http/error-status.js';

/** RFC 6750: what a client without a (valid) key is asked for. */
const bearerChallenge = 'Bearer realm="api"';

/** Maps any thrown value to `{"error"}` with the right status; unexpected errors are logged, never leaked. */
export function errorResponse(error: unknown, logger: Logger): ApiResponse {
  if (error instanceof AppError) {
    // A fault behind the service (the database not answering) is ours to see, though the client gets a 503.
    if (error.kind === 'unavailable' && error.cause !== undefined) logger.warn(error.message, { cause: error.cause as Error });
    const headers: Record<string, string> = {};
    if (error.retryAfterSeconds !== undefined) headers['retry-after'] = String(error.retryAfterSeconds);
    if (error.allow) headers.allow = error.allow.join(', ');
    if (error.kind === 'unauthorized') headers['www-authenticate'] = error.challenge ?? bearerChallenge;
    const body: Record<string, unknown> = { error: error.message };
    if (error.kind === 'rate_limited' && error.retryAfterSeconds !== undefined) body.retryAfterSeconds = error.retryAfterSeconds;
    return { status: statusForKind[error.kind], body, headers };
  }
  logger.error('Unhandled error', error as Error);
  return { status: 500, body: { error: 'Internal server error' } };
}
