/** Why a scan produced no result; the HTTP layer maps invalid_url and blocked to 400, unreachable to 502, timeout to 504. */
export type ScanFailure = 'invalid_url' | 'blocked' | 'unreachable' | 'timeout';

export class ScanError extends Error {
  override readonly name = 'ScanError';
  readonly failure: ScanFailure;

  constructor(failure: ScanFailure, message: string) {
    super(message);
    this.failure = failure;
  }
}
