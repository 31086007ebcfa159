import type { ServerResponse } from 'node:http';
import { corsPreflightHeaders } from '#shared/http/cors.js';

/** The HTTP API answers CORS preflights itself (lib/constructs/http-api.ts); so does the dev server, with the same policy. */
export function answerPreflight(response: ServerResponse): void {
  response.writeHead(204, { ...corsPreflightHeaders(), 'content-length': '0' });
  response.end();
}
