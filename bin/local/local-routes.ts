import type { HttpResult } from './event-adapter.js';
import { jsonResult } from './json-result.js';
import type { IamGate } from './iam/iam-gate.js';
import type { LocalLog } from './log.js';
import type { LocalBillingRoutes } from './local-billing-routes.js';
import type { RunSweep } from './rescan-sweep.js';

/** Routes only the dev server offers (never deployed): the prefix cannot clash with the API's /api paths. */
export const localRoutePrefix = '/_local/';
const billingPrefix = '/_local/billing/';

export interface LocalRouteContext {
  runSweep: RunSweep;
  /** The local billing provider's pages; null when Stripe is configured. */
  billing: LocalBillingRoutes | null;
  /** The local IAM check's count of calls, by function, and what it refused. */
  iamTally: IamGate['tally'];
  log: LocalLog;
}

export async function handleLocalRoute(method: string, url: URL, body: Buffer, context: LocalRouteContext): Promise<HttpResult> {
  const path = url.pathname;
  if (path.startsWith(billingPrefix)) {
    if (!context.billing) return jsonResult(404, { error: 'Stripe is configured (STRIPE_SECRET_KEY): the local billing pages are off' });
    return (await context.billing(method, url, body)) ?? jsonResult(404, { error: `No local route ${method} ${path}` });
  }
  const { runSweep, log } = context;
  if (path === '/_local/iam') {
    if (method !== 'GET') return jsonResult(405, { error: `Method ${method} not allowed on ${path}` }, { allow: 'GET' });
    return jsonResult(200, context.iamTally());
  }
  if (path !== '/_local/rescan') return jsonResult(404, { error: `No local route ${path}` });
  if (method !== 'POST') return jsonResult(405, { error: `Method ${method} not allowed on ${path}` }, { allow: 'POST' });
  const parsed = parseRescanBody(body.toString('utf8'));
  if (typeof parsed === 'string') return jsonResult(400, { error: parsed });
  try {
    const result = await runSweep(parsed);
    return jsonResult(202, { message: 'The rescan sweep ran; result says what it queued', all: parsed.all, result: result ?? null });
  } catch (error) {
    log.error('The rescan sweep failed', error);
    return jsonResult(500, { error: `The rescan sweep failed: ${(error as Error).message}` });
  }
}

/** `{"all": boolean}`; an empty body means a normal sweep. Returns the problem as a string. */
function parseRescanBody(text: string): { all: boolean } | string {
  if (text.trim() === '') return { all: false };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'Malformed JSON in request body';
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'Body must be a JSON object like {"all": true}';
  const all = (value as { all?: unknown }).all ?? false;
  if (typeof all !== 'boolean') return 'all: must be a boolean';
  return { all };
}
