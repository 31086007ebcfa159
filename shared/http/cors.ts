/**
 * The one CORS policy: API Gateway answers preflights with it (lib/constructs/http-api.ts), the
 * handlers add it to responses, and the dev server answers preflights the same way. Any origin may
 * call: authentication is a Bearer key, never a cookie. Browser code may read Retry-After (429, 503)
 * and X-Request-Id (for support). A browser-based MCP client sends `mcp-protocol-version` with each call
 * to POST /mcp; it never gets a session id to send back (the server is stateless).
 */
export const corsPolicy = {
  allowOrigins: ['*'],
  allowHeaders: ['authorization', 'content-type', 'idempotency-key', 'mcp-protocol-version'],
  allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  exposeHeaders: ['retry-after', 'x-request-id', 'ratelimit-limit', 'ratelimit-remaining'],
  maxAgeSeconds: 600,
} as const;

/** The policy as response headers (the dev server's preflight answer). */
export function corsPreflightHeaders(): Record<string, string> {
  return {
    'access-control-allow-origin': corsPolicy.allowOrigins.join(','),
    'access-control-allow-methods': corsPolicy.allowMethods.join(','),
    'access-control-allow-headers': corsPolicy.allowHeaders.join(','),
    'access-control-expose-headers': corsPolicy.exposeHeaders.join(','),
    'access-control-max-age': String(corsPolicy.maxAgeSeconds),
  };
}
