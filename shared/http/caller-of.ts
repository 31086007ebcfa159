import type { Caller } from '#shared/model/accounts/caller.js';
import type { ApiRequest } from '#shared/http/api-types.js';

/** The authenticated caller of a route with `auth: 'key'`; dispatch refuses those requests without one. */
export function callerOf(request: ApiRequest): Caller {
  if (!request.caller) throw new Error(`${request.route.method} ${request.route.path} reached its handler without a caller`);
  return request.caller;
}
