/*
 * The tab's credential: an API key, or a dashboard session (`sess_…`, what signing in at the key limit gives),
 * kept in this tab's sessionStorage under `storageKey`; never a cookie or a URL.
 */
export const storageKey = 'agent-readiness.apiKey';
const sessionPrefix = 'sess_';

export function isSession(credential: string): boolean {
  return credential.indexOf(sessionPrefix) === 0;
}

export function credential(): string | null {
  return sessionStorage.getItem(storageKey);
}
