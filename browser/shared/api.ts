import { allowanceEvent, announce, type Allowance } from './events.js';
import { duration } from './words.js';

/**
 * An answer of the service's API: its status, its JSON body and its Retry-After header. `T` is the body the
 * caller reads after checking the status it expects; any other status carries the service's `{ error }`
 * (which `errorOf` reads), and a body that is not JSON is null.
 */
export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
  retryAfter: string | null;
}

// What the last answer said is left of its route's hourly limit (RateLimit-* headers), for the account section.
let allowance: Allowance | null = null;

/** A call of the API with the tab's credential (`key`); `body`, when given, is sent as JSON. */
export function callApi<T = unknown>(method: string, path: string, key: string, body?: unknown): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { accept: 'application/json', authorization: 'Bearer ' + key };
  const init: RequestInit = { method, headers };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  return fetch(path, init).then((response) => {
    const limit = response.headers.get('ratelimit-limit');
    if (limit !== null) {
      allowance = { limit: Number(limit), remaining: Number(response.headers.get('ratelimit-remaining')) };
      announce(allowanceEvent, allowance);
    }
    return answerOf<T>(response);
  });
}

/** A response of the API as an answer: its status, JSON body and Retry-After. */
export function answerOf<T = unknown>(response: Response): Promise<ApiAnswer<T>> {
  const retryAfter = response.headers.get('retry-after');
  return readJson(response).then((json) => ({ status: response.status, body: json as T, retryAfter }));
}

/** A response's JSON body, or null when it has none. */
export function readJson(response: Response): Promise<unknown> {
  return response.json().then(
    (json: unknown) => json,
    () => null,
  );
}

export function lastAllowance(): Allowance | null {
  return allowance;
}

/** The `error` string of a body of the service, or undefined. */
export function errorField(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const { error } = body;
  return typeof error === 'string' ? error : undefined;
}

/** The wait in seconds a refusal's body names (`retryAfterSeconds`), or 0. */
export function retryAfterSeconds(body: unknown): number {
  if (typeof body !== 'object' || body === null || !('retryAfterSeconds' in body)) return 0;
  return typeof body.retryAfterSeconds === 'number' ? body.retryAfterSeconds : 0;
}

/** How long a refusal for too many requests asks to wait, from Retry-After, as a sentence; '' without one. */
function waitText(retryAfter: string | null): string {
  const seconds = Number(retryAfter);
  if (!(seconds > 0)) return '';
  const at = new Date(Date.now() + seconds * 1000);
  const two = (n: number) => (n < 10 ? '0' : '') + n;
  return `Try again in ${duration(seconds)} (at ${two(at.getHours())}:${two(at.getMinutes())}).`;
}

/** The service's error for an answer, with the wait a 429 asks for; `fallback` when the body has none. */
export function errorOf(answer: ApiAnswer, fallback: string): string {
  const error = errorField(answer.body) ?? fallback;
  if (answer.status !== 429) return error;
  const wait = waitText(answer.retryAfter);
  return wait ? error.replace(/[.]?$/, '. ') + wait : error;
}

/** What an API answer that failed says, or what failed and its status when it says nothing. */
export function apiError(answer: ApiAnswer, what: string): string {
  return errorOf(answer, `${what} failed (HTTP ${answer.status}).`);
}
