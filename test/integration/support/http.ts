import { inject } from 'vitest';

/** A request to the stack's API; the status and headers are checked by the caller. */
export function callApi(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${inject('apiBaseUrl')}${path}`, init);
}

/** A path of the route table with its `{param}` placeholders filled in. */
export function fillPath(template: string, value: string): string {
  return template.replace(/\{\w+\}/g, value);
}
