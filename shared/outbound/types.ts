import type { ResourceKind } from './resource-limits.js';
import type { LookupFn } from './resolve-host.js';
import type { Timeouts } from './timeouts.js';

export type { ResourceKind } from './resource-limits.js';

export interface FetchOptions {
  /** Picks the size cap, what passing it means, and the default Accept header. */
  kind: ResourceKind;
  /** Accept header for this request, e.g. "text/markdown" for markdown alternates. */
  accept?: string;
  /** POST and DELETE only for a drive of a declared endpoint (shared/scanner/drives), never for a page. */
  method?: 'GET' | 'HEAD' | 'POST' | 'DELETE';
  /** The request body, sent as is (a drive's JSON-RPC message); a redirect that turns the request into a GET drops it. */
  body?: string;
  /** Scan-level abort: aborting it fails the fetch as a 'timeout'. */
  signal?: AbortSignal;
  /** Scan-level deadline, epoch ms. */
  deadline?: number;
  /** Default 5. */
  maxRedirects?: number;
  /** Default true; when false a 3xx response is returned as it is. */
  followRedirects?: boolean;
  /**
   * An AI vendor's documented User-Agent string (the edge probe): the request then says
   * `User-Agent: <this> <the scanner's own User-Agent>`. The fetcher still names itself: this is put before its
   * own token, never instead of it.
   */
  agentUserAgent?: string;
  /** Extra request headers. Host, User-Agent, Accept-Encoding and hop-by-hop headers are ignored. */
  headers?: Record<string, string>;
  /**
   * Extra headers made for each hop's own URL, the first and every redirect target: a message signature
   * covers its request's authority and path, so each hop is signed for itself.
   */
  headersFor?: (url: URL) => Record<string, string>;
  /** Per-request overrides of the fetcher's time limits (connect is fixed per fetcher). */
  timeouts?: Partial<Omit<Timeouts, 'connectMs'>>;
}

export interface RedirectHop {
  url: string;
  status: number;
  /** Where it sent the request (absolute); absent for a hop that was not an HTTP redirect (a meta refresh). */
  location?: string;
}

export interface FetchedResource {
  /** The requested URL after parsing, without fragment. */
  requestedUrl: string;
  finalUrl: string;
  /** Non-2xx statuses are returned, not thrown: checks need 404, 429 and 5xx. */
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** Every response that redirected, in order. */
  redirects: RedirectHop[];
  /** Decompressed body, at most the kind's cap. */
  body: Buffer;
  text: string;
  charset: string;
  /** Decompressed bytes kept (= body.length). */
  bytes: number;
  /** The body passed the kind's cap and was cut there. */
  truncated: boolean;
  timing: {
    startedAt: number;
    /** From sending the final request to its response headers. */
    ttfbMs: number;
    /** The whole fetch, redirects included. */
    totalMs: number;
  };
}

export interface Fetcher {
  fetch(url: string, options: FetchOptions): Promise<FetchedResource>;
  /** Closes every pooled connection; the fetcher cannot be used afterwards. */
  close(): Promise<void>;
}

export interface FetcherConfig {
  /** ALLOW_PRIVATE_TARGETS: hosts that may be private/loopback and use any port (dev and tests). */
  allowPrivateHosts: readonly string[];
  lookup?: LookupFn;
  userAgent?: string;
  timeouts?: Partial<Timeouts>;
  /** Epoch ms for timings and deadlines; tests give a fixed clock so results are reproducible. Default Date.now with performance.now for durations. */
  now?: () => number;
}
