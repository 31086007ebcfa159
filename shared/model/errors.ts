/** What went wrong, in the domain's words; shared/http/error-status.ts maps each kind to a status code. */
export type ErrorKind =
  | 'invalid_input'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'unprocessable'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'not_implemented'
  | 'upstream_failed'
  | 'timed_out'
  | 'unavailable';

export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly retryAfterSeconds: number | undefined;
  readonly allow: string[] | undefined;
  /** For a 401: the WWW-Authenticate challenge (RFC 6750). */
  readonly challenge: string | undefined;

  constructor(
    kind: ErrorKind,
    message: string,
    options: { retryAfterSeconds?: number; allow?: string[]; challenge?: string; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.kind = kind;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.allow = options.allow;
    this.challenge = options.challenge;
  }
}

export const invalidInput = (message: string) => new AppError('invalid_input', message);
export const notFound = (message = 'Not found') => new AppError('not_found', message);
export const forbidden = (message: string) => new AppError('forbidden', message);
export const conflict = (message: string) => new AppError('conflict', message);
export const unprocessable = (message: string) => new AppError('unprocessable', message);
export const rateLimited = (retryAfterSeconds: number, message = 'Rate limit exceeded') =>
  new AppError('rate_limited', message, { retryAfterSeconds });
