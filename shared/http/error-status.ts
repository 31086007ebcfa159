import type { ErrorKind } from '#shared/model/errors.js';

export const statusForKind: Record<ErrorKind, number> = {
  invalid_input: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  unprocessable: 422,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  not_implemented: 501,
  upstream_failed: 502,
  unavailable: 503,
  timed_out: 504,
};
