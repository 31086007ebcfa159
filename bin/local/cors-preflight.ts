import type { ServerResponse } from 'node:http';

/** The HTTP API answers CORS preflights itself (lib/constructs/http-api.ts); so does the dev server. */
const preflightHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET,POST,PUT,PATCH,DELETE,OPTIONS',
  'access-control-allow-headers': 'authorization,content-type',
  'access-control-max-age': '600',
};

export function answerPreflight(response: ServerResponse): void {
  response.writeHead(204, { ...preflightHeaders, 'content-length': '0' });
  response.end();
}
