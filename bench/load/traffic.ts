import autocannon, { type Result } from 'autocannon';

/** One route of the mix: an autocannon instance of its own, so its figures are its own. */
export interface RouteLoad {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  key: string | null;
  connections: number;
  /** Requests per second over all its connections; none: as fast as answers come. */
  rate?: number;
  /** A fresh body per request. */
  body?: () => unknown;
  /** Per request: another key than `key`, and a tag its answer is recorded under (e.g. which account). */
  prepare?: () => { key: string; tag: string };
  /** Sees every answer, e.g. to keep the ids of what was created. */
  onAnswer?: (status: number, body: string, tag: string | undefined) => void;
}

export interface Answer {
  atMs: number;
  status: number;
  tag?: string;
}

export interface RouteRecord {
  name: string;
  sent: number;
  sentByTag: Record<string, number>;
  answers: Answer[];
  /** Requests that got no answer (time-outs, closed connections), with when. */
  noAnswer: Array<{ atMs: number; error: string }>;
  result?: Result;
}

/** Requests of a scan can take up to its 30 s deadline; anything slower is a request with no answer. */
const timeoutSeconds = 40;

/**
 * Runs every route at once for `seconds`, with `elapsedMs` as the clock of the answers' times.
 * Resolves with one record per route once every instance has finished.
 */
export function runRoutes(
  api: string,
  routes: readonly RouteLoad[],
  seconds: number,
  elapsedMs: () => number,
): { done: Promise<RouteRecord[]>; stop: () => void } {
  const instances: Array<{ stop(): void }> = [];
  const done = Promise.all(
    routes.map(
      (route) =>
        new Promise<RouteRecord>((resolve, reject) => {
          const record: RouteRecord = { name: route.name, sent: 0, sentByTag: {}, answers: [], noAnswer: [] };
          const instance = autocannon(
            {
              url: `${api}${route.path}`,
              connections: route.connections,
              duration: seconds,
              timeout: timeoutSeconds,
              ...(route.rate ? { overallRate: route.rate } : {}),
              method: route.method,
              headers: {
                ...(route.key ? { authorization: `Bearer ${route.key}` } : {}),
                ...(route.body ? { 'content-type': 'application/json' } : {}),
              },
              requests: [
                {
                  method: route.method,
                  path: route.path,
                  setupRequest: (request, context) => {
                    record.sent += 1;
                    const prepared = route.prepare?.();
                    // One request at a time per connection, so the connection's context names the answer's request.
                    context.tag = prepared?.tag;
                    if (prepared) record.sentByTag[prepared.tag] = (record.sentByTag[prepared.tag] ?? 0) + 1;
                    return {
                      ...request,
                      ...(prepared ? { headers: { ...request.headers, authorization: `Bearer ${prepared.key}` } } : {}),
                      ...(route.body ? { body: JSON.stringify(route.body()) } : {}),
                    };
                  },
                  onResponse: (status, body, context) => {
                    const tag = context.tag as string | undefined;
                    record.answers.push({ atMs: elapsedMs(), status, ...(tag === undefined ? {} : { tag }) });
                    route.onAnswer?.(status, body, tag);
                  },
                },
              ],
            },
            (error, result) => {
              if (error) reject(error);
              else resolve({ ...record, result });
            },
          );
          instance.on('reqError', (error: Error) => record.noAnswer.push({ atMs: elapsedMs(), error: error.message }));
          instances.push(instance);
        }),
    ),
  );
  return { done, stop: () => instances.forEach((instance) => instance.stop()) };
}
