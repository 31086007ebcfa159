export interface Timeouts {
  /** DNS lookup, then TCP (and TLS) connect, each bounded by this. */
  connectMs: number;
  /** From sending the request until the response headers are complete. */
  headersMs: number;
  /** Reading the whole body, from the response headers on. */
  bodyMs: number;
  /** Absolute budget of one fetch() call, redirects included. */
  requestMs: number;
}

export const DEFAULT_TIMEOUTS: Readonly<Timeouts> = {
  connectMs: 3_000,
  headersMs: 5_000,
  bodyMs: 8_000,
  requestMs: 10_000,
};

export function resolveTimeouts(base: Timeouts, overrides: Partial<Timeouts> | undefined): Timeouts {
  return {
    connectMs: overrides?.connectMs ?? base.connectMs,
    headersMs: overrides?.headersMs ?? base.headersMs,
    bodyMs: overrides?.bodyMs ?? base.bodyMs,
    requestMs: overrides?.requestMs ?? base.requestMs,
  };
}
