/*
 * The tab's credential: an API key, or a dashboard session (`sess_…`, what signing in at the key limit gives),
 * kept in this tab's sessionStorage under `storageKey`; never a cookie or a URL.
 */
export const storageKey = 'agent-readiness.apiKey';
/** What the header keeps for the tab's credential: the e-mail it signed in as (browser/shared/nav.ts). */
export const keptAccountKey = 'agent-readiness.navAccount';
const sessionPrefix = 'sess_';

export function isSession(credential: string): boolean {
  return credential.indexOf(sessionPrefix) === 0;
}

export function credential(): string | null {
  return sessionStorage.getItem(storageKey);
}

/** The tab no longer holds a credential, nor what the header kept of it. */
export function forgetCredential(): void {
  sessionStorage.removeItem(storageKey);
  sessionStorage.removeItem(keptAccountKey);
}
