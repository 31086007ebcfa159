/**
 * Whether a request no route matched gets the HTML 404 page instead of `{"error"}` (decision 071): a
 * GET or HEAD for a page path, i.e. not under /api/ nor /.well-known/, from a client that does not ask
 * for JSON alone. API clients keep their JSON 404 whatever the path they mistyped.
 */
export function wantsNotFoundPage(method: string, path: string, accept: string | undefined): boolean {
  const verb = method.toUpperCase();
  if (verb !== 'GET' && verb !== 'HEAD') return false;
  const lower = path.toLowerCase();
  if (lower === '/api' || lower.startsWith('/api/') || lower.startsWith('/.well-known/')) return false;
  const wanted = (accept ?? '').toLowerCase();
  return !(/\bapplication\/(?:[\w.+-]+\+)?json\b/.test(wanted) && !/\btext\/html\b/.test(wanted));
}
