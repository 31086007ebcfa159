import { FetchError } from './fetch-error.js';

/** Maps whatever a fetch threw to a FetchError; anything unrecognised counts as unreachable. */
export function toFetchError(error: unknown, budget: AbortSignal, url: string): FetchError {
  const mapped = classify(error, budget);
  mapped.url ??= url;
  return mapped;
}

function classify(error: unknown, budget: AbortSignal): FetchError {
  // Once the budget fired, whatever node:http or zlib threw is a consequence of the abort.
  if (budget.aborted) {
    const reason: unknown = budget.reason;
    return reason instanceof FetchError ? reason : new FetchError('timeout', 'aborted', { cause: reason });
  }
  if (error instanceof FetchError) return error;
  const code = errorCode(error);
  if (code === 'HPE_HEADER_OVERFLOW') return new FetchError('too_large', 'response headers too large', { cause: error });
  const detail = error instanceof Error ? `${code ?? error.name}: ${error.message}` : String(error);
  return new FetchError('unreachable', detail, { cause: error });
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}
