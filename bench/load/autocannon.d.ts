// The slice of autocannon 9's programmatic API the load uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }

  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    overallRate?: number;
    method?: string;
    headers?: Record<string, string>;
    requests?: Array<
      Request & {
        setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
        onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => void;
      }
    >;
  }

  interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    latency: { p50: number; p99: number; average: number };
    requests: { total: number; average: number };
    statusCodeStats: Record<string, { count: number }>;
  }

  interface Instance extends EventEmitter {
    stop(): void;
  }

  function autocannon(options: Options, callback: (error: Error | null, result: Result) => void): Instance;
  export default autocannon;
  export type { Options, Result, Instance };
}
