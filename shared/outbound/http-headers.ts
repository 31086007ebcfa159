import type { IncomingHttpHeaders } from 'node:http';
import { ACCEPT_ENCODING } from './read-body.js';

// Headers a caller may not set: the fetcher owns identity (a vendor's User-Agent string comes only
// through FetchOptions.agentUserAgent, with the scanner's own token appended), the decodings it can
// undo, and the connection itself.
const PROTECTED_HEADERS = new Set([
  'host',
  'user-agent',
  'accept-encoding',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'te',
  'upgrade',
  'content-length',
  'expect',
]);

/** Defaults, then the caller's extra headers, then what the fetcher insists on. */
export function buildRequestHeaders(options: {
  userAgent: string;
  defaultAccept: string;
  accept: string | undefined;
  extra: Record<string, string> | undefined;
}): Record<string, string> {
  const headers: Record<string, string> = { accept: options.defaultAccept };
  for (const [name, value] of Object.entries(options.extra ?? {})) {
    const lower = name.toLowerCase();
    if (!PROTECTED_HEADERS.has(lower)) headers[lower] = value;
  }
  if (options.accept !== undefined) headers.accept = options.accept;
  headers['user-agent'] = options.userAgent;
  headers['accept-encoding'] = ACCEPT_ENCODING;
  return headers;
}

export function flattenResponseHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}
