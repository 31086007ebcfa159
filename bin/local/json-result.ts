import type { HttpResult } from './event-adapter.js';

/** A response the dev server produces itself, shaped like the service's own: JSON, `{"error"}` on failure. */
export function jsonResult(statusCode: number, body: unknown, headers: Record<string, string> = {}): HttpResult {
  return {
    statusCode,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'access-control-allow-origin': '*',
      ...headers,
    },
    body: Buffer.from(JSON.stringify(body)),
  };
}
