import fc from 'fast-check';
import type { Fetch, Fixtures, IdPool } from './fixtures.js';
import { operationsOf, resolveLocal, type JsonSchema, type OpenApiDocument, type Operation } from './openapi-document.js';
import { poolFor, requestArbitrary, type PlannedRequest } from './request-plan.js';
import { createResponseChecker, type MismatchKind } from './response-check.js';
import { enumWords, enumWordsByName, isTargetName } from './schema-arbitrary.js';
import { isSafeTarget, loopbackUrlArbitrary, targetUrlArbitrary } from './target-urls.js';

export interface FuzzOptions {
  api: string;
  requests: number;
  seed: number;
  concurrency: number;
  fixtures: Fixtures;
  /** The service's MAX_REQUEST_BODY_BYTES: one mutation sends a body just over it. */
  maxBodyBytes: number;
  progress?: (line: string) => void;
  /** The global fetch unless given (a test binds one to its own loopback source address). */
  fetch?: Fetch;
}

export type FindingKind = MismatchKind | 'server_error' | 'no_response';

/** Failures of one kind on one operation and status, with the first example. */
export interface Finding {
  operationId: string;
  status: number;
  kind: FindingKind;
  count: number;
  detail: string;
  request: string;
  response: string;
}

export interface FuzzResult {
  requests: number;
  errors5xx: number;
  schemaMismatches: number;
  findings: Finding[];
  /** Requests sent per operation. */
  perOperation: Record<string, number>;
  /** Statuses seen per operation (for the summary). */
  statuses: Record<string, Record<number, number>>;
}

const poolCap = 200;

/** Ids found in a 2xx answer: the thing created, or the events of a delivery log. */
function harvest(operation: Operation, body: unknown, pools: Record<IdPool, string[]>): void {
  if (typeof body !== 'object' || body === null) return;
  const record = body as Record<string, unknown>;
  const add = (pool: IdPool | undefined, id: unknown) => {
    if (!pool || typeof id !== 'string' || pools[pool].includes(id)) return;
    pools[pool].push(id);
    if (pools[pool].length > poolCap) pools[pool].splice(1, 1);
  };
  if (Array.isArray(record.deliveries)) {
    for (const delivery of record.deliveries.slice(0, 5) as Array<Record<string, unknown>>) add('event', delivery.eventId);
    return;
  }
  if (operation.method !== 'POST' || operation.path.endsWith('}')) return;
  const envelope = Object.values(record).find(
    (value): value is Record<string, unknown> =>
      typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { id?: unknown }).id === 'string',
  );
  add(poolFor(`${operation.path}/{new}`, 'new'), record.id ?? record.batchId ?? envelope?.id);
}

/** Every string under a target-like name in a JSON body, wherever it is nested. */
export function targetStrings(value: unknown, name?: string): string[] {
  if (typeof value === 'string') return isTargetName(name) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((item) => targetStrings(item, name));
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, item]) => targetStrings(item, key));
  return [];
}

/** Refuses to send a body with a target that could leave loopback: a fuzzer bug, never sent. */
export function assertSafeBody(text: string | undefined): void {
  if (text === undefined) return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return;
  }
  const unsafe = targetStrings(parsed).find((target) => !isSafeTarget(target));
  if (unsafe !== undefined) throw new Error(`Refusing to send a target that could leave loopback: ${JSON.stringify(unsafe.slice(0, 200))}`);
}

function urlOf(api: string, planned: PlannedRequest, pools: Record<IdPool, string[]>): string {
  const path = planned.operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const param = planned.params[name]!;
    if ('raw' in param) return param.raw;
    if ('value' in param) return encodeURIComponent(param.value);
    const pool = pools[param.pool];
    return encodeURIComponent(pool.length > 0 ? pool[param.index % pool.length]! : '00000000-0000-4000-8000-000000000000');
  });
  return `${api}${path}${planned.query ? `?${planned.query}` : ''}`;
}

/** All N requests, spread evenly over the operations (round-robin), each decided by the seed. */
export function planRequests(
  document: OpenApiDocument,
  fixtures: Pick<Fixtures, 'loopbackOrigins'>,
  options: { requests: number; seed: number; maxBodyBytes: number },
): PlannedRequest[] {
  const operations = operationsOf(document);
  const hosts = { loopbackOrigins: fixtures.loopbackOrigins };
  const resolve = (ref: string) => resolveLocal<JsonSchema>(document, { $ref: ref }, ref).value;
  const context = {
    resolve,
    targetUrl: targetUrlArbitrary(hosts),
    dictionary: enumWords(document.components ?? {}).sort(),
    wordsByName: enumWordsByName(document.components?.schemas ?? {}, resolve),
    loopbackUrl: loopbackUrlArbitrary(hosts),
    maxBodyBytes: options.maxBodyBytes,
  };
  const samples = operations.map((operation, index) => {
    const count = Math.floor(options.requests / operations.length) + (index < options.requests % operations.length ? 1 : 0);
    if (count === 0) return [];
    // Routes that take no JSON body but may be sent one (Stripe events, one-click unsubscribe, actions).
    const takesRawBody = operation.bodySchema === undefined && operation.method !== 'GET' && operation.method !== 'DELETE';
    return fc.sample(requestArbitrary(operation, context, takesRawBody), { seed: (options.seed + index * 7_919) | 0, numRuns: count });
  });
  const planned: PlannedRequest[] = [];
  for (let round = 0; planned.length < options.requests; round += 1) {
    for (const perOperation of samples) if (perOperation[round]) planned.push(perOperation[round]!);
  }
  return planned;
}

function describeRequest(planned: PlannedRequest, url: string): string {
  const body =
    planned.body?.text === undefined
      ? ''
      : ` body(${planned.body.kind}, ${planned.body.contentType ?? 'no content-type'})=${planned.body.text.slice(0, 300)}`;
  const headers = planned.headers.length > 0 ? ` headers=${JSON.stringify(planned.headers)}` : '';
  const key = planned.key === 'bogus' ? `bogus(${JSON.stringify(planned.bogusAuthorization?.slice(0, 60))})` : planned.key;
  return `${planned.operation.method} ${url.slice(0, 300)} key=${key}${headers}${body}`;
}

/** Sends the planned requests and checks every answer against the document. */
export async function runFuzz(document: OpenApiDocument, options: FuzzOptions): Promise<FuzzResult> {
  const planned = planRequests(document, options.fixtures, options);
  const check = createResponseChecker(document);
  const fetchFor: Fetch = options.fetch ?? ((url, init) => fetch(url, init));
  const pools = structuredClone(options.fixtures.pools);
  const findings = new Map<string, Finding>();
  const perOperation: Record<string, number> = {};
  const statuses: Record<string, Record<number, number>> = {};
  let errors5xx = 0;
  let schemaMismatches = 0;
  let sent = 0;

  const record = (planned: PlannedRequest, url: string, status: number, kind: FindingKind, detail: string, response: string) => {
    const key = `${planned.operation.operationId} ${status} ${kind}`;
    const existing = findings.get(key);
    if (existing) existing.count += 1;
    else
      findings.set(key, {
        operationId: planned.operation.operationId,
        status,
        kind,
        count: 1,
        detail,
        request: describeRequest(planned, url),
        response: response.slice(0, 600),
      });
  };

  async function send(request: PlannedRequest): Promise<void> {
    const { operation } = request;
    const url = urlOf(options.api, request, pools);
    assertSafeBody(request.body?.text);
    // Pairs, so a header given twice (Idempotency-Key) is sent twice.
    const headers: Array<[string, string]> = [...request.headers];
    if (request.key === 'bogus' && request.bogusAuthorization !== undefined) headers.push(['authorization', request.bogusAuthorization]);
    else if (request.key !== 'none') headers.push(['authorization', `Bearer ${options.fixtures.keys[request.key]}`]);
    if (request.body?.contentType) headers.push(['content-type', request.body.contentType]);
    const text = request.body?.text;
    // Bytes rather than a string when no Content-Type is wanted: fetch adds text/plain to strings.
    const body = text === undefined ? undefined : request.body?.contentType ? text : new TextEncoder().encode(text);
    perOperation[operation.operationId] = (perOperation[operation.operationId] ?? 0) + 1;
    let status = 0;
    let responseText = '';
    let contentType: string | null = null;
    try {
      const response = await fetchFor(url, {
        method: operation.method,
        headers,
        ...(body === undefined ? {} : { body }),
        redirect: 'manual',
        signal: AbortSignal.timeout(120_000),
      });
      status = response.status;
      contentType = response.headers.get('content-type');
      responseText = await response.text();
    } catch (error) {
      errors5xx += 1;
      record(request, url, 0, 'no_response', (error as Error).message, '');
      return;
    }
    (statuses[operation.operationId] ??= {})[status] = (statuses[operation.operationId]![status] ?? 0) + 1;
    const mismatch = check(operation, { status, contentType, body: responseText });
    if (mismatch) {
      schemaMismatches += 1;
      record(request, url, status, mismatch.kind, mismatch.detail, responseText);
    }
    if (status >= 500 && (status === 500 || mismatch?.kind === 'undocumented_status')) {
      errors5xx += 1;
      record(request, url, status, 'server_error', `${status} answered`, responseText);
    }
    if (status >= 200 && status < 300 && contentType?.startsWith('application/json')) {
      try {
        harvest(operation, JSON.parse(responseText), pools);
      } catch {
        // Not JSON: already reported by the check.
      }
    }
  }

  let next = 0;
  const worker = async () => {
    while (next < planned.length) {
      const request = planned[next++]!;
      await send(request);
      sent += 1;
      if (sent % 500 === 0)
        options.progress?.(`fuzz: ${sent}/${planned.length} requests, ${errors5xx} 5xx, ${schemaMismatches} mismatches`);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
  return { requests: sent, errors5xx, schemaMismatches, findings: [...findings.values()], perOperation, statuses };
}
