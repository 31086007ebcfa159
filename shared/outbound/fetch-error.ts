export type FetchErrorKind = 'blocked' | 'unreachable' | 'timeout' | 'too_large' | 'invalid_url' | 'too_many_redirects';

// Blocked, unreachable and timed-out targets share one message: telling them apart would let a
// caller map which internal addresses exist or are firewalled.
const UNREACHABLE = 'The site could not be reached';

const PUBLIC_MESSAGES: Record<FetchErrorKind, string> = {
  blocked: UNREACHABLE,
  unreachable: UNREACHABLE,
  timeout: UNREACHABLE,
  too_large: 'The response was too large',
  invalid_url: 'The URL cannot be scanned',
  too_many_redirects: 'The site redirected too many times',
};

/**
 * The only error the fetcher throws. `message` is the public message, safe to show to a user;
 * `kind` and `detail` are for decisions and logs only.
 */
export class FetchError extends Error {
  override readonly name = 'FetchError';
  readonly kind: FetchErrorKind;
  readonly detail: string;
  /** The URL being fetched when it failed, when known. */
  url: string | undefined;

  constructor(kind: FetchErrorKind, detail: string, options: { url?: string; cause?: unknown } = {}) {
    super(PUBLIC_MESSAGES[kind], { cause: options.cause });
    this.kind = kind;
    this.detail = detail;
    this.url = options.url;
  }

  get publicMessage(): string {
    return PUBLIC_MESSAGES[this.kind];
  }
}

export function isFetchError(error: unknown): error is FetchError {
  return error instanceof FetchError;
}
