import type { z } from 'zod';
import type { Config } from '#shared/config.js';
import type { Caller } from '#shared/model/accounts/caller.js';
import type { RouteDef } from '#shared/http/route-types.js';
import type { Dependencies } from '#shared/dependencies.js';

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;

export type { Caller };

export interface ApiRequest<R extends RouteDef = RouteDef> {
  route: R;
  params: Infer<R['params']>;
  query: Infer<R['query']>;
  body: Infer<R['body']>;
  rawBody: string;
  headers: Record<string, string>;
  sourceIp: string;
  requestId: string;
  caller: Caller | null;
  /** Milliseconds left before the function's deadline (Lambda's context); absent outside an invocation. */
  timeLeftMs?: () => number;
}

export interface ApiResponse {
  status: number;
  body?: unknown;
  /** Sent as text/html instead of JSON. */
  html?: string;
  /** Sent as it is, with the content-type the handler sets (a stylesheet, a script). */
  text?: string;
  headers?: Record<string, string>;
}

/** One operation, given the dependencies of the function that serves it (`D`: what its entry point built). */
export type OperationHandler<R extends RouteDef = RouteDef, D = Dependencies> = (request: ApiRequest<R>, deps: D) => Promise<ApiResponse>;

export type { Config };
