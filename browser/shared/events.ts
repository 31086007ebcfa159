/**
 * The events the pages' parts tell each other by, on `document`: what is left of the hourly limit (from
 * every API answer, for the dashboard's account section) and the e-mail a credential signed in as (from the
 * dashboard, for the header's account link).
 */
export interface Allowance {
  limit: number;
  remaining: number;
}

export const allowanceEvent = 'agent-readiness:allowance';
export const signedInEvent = 'agent-readiness:signed-in';

export interface SignedIn {
  email: string;
}

export function announce<T>(name: string, detail: T): void {
  document.dispatchEvent(new CustomEvent<T>(name, { detail }));
}

/**
 * Calls `listener` with each event's detail. `read` says what a detail must hold, since anything on the page
 * may dispatch an event of that name; one it refuses is ignored.
 */
export function listen<T>(name: string, read: (detail: unknown) => T | null, listener: (detail: T) => void): void {
  document.addEventListener(name, (event) => {
    const detail = event instanceof CustomEvent ? read(event.detail) : null;
    if (detail !== null) listener(detail);
  });
}
