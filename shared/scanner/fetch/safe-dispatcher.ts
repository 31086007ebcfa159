import { Agent } from 'undici';
import type { LookupFn } from './resolve-host.js';
import { createSafeConnector } from './safe-connector.js';
import type { TargetPolicy } from './target-policy.js';
import { DEFAULT_TIMEOUTS, resolveTimeouts } from './timeouts.js';
import type { Timeouts } from './timeouts.js';

export interface SafeDispatcherOptions {
  policy: TargetPolicy;
  lookup?: LookupFn;
  timeouts?: Partial<Timeouts>;
}

/**
 * The one undici dispatcher every outbound request (scans, webhooks) goes through. It does not
 * follow redirects: callers re-validate each Location themselves (see createFetcher).
 */
export function createSafeDispatcher(options: SafeDispatcherOptions): Agent {
  const timeouts = resolveTimeouts(DEFAULT_TIMEOUTS, options.timeouts);
  return new Agent({
    connect: createSafeConnector({
      policy: options.policy,
      lookup: options.lookup,
      connectTimeoutMs: timeouts.connectMs,
    }),
    headersTimeout: timeouts.headersMs,
    bodyTimeout: timeouts.bodyMs,
  });
}
