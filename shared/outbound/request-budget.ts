import { FetchError } from './fetch-error.js';

// setTimeout fires at once for anything longer (about 24.8 days).
const MAX_TIMER_MS = 2_147_483_647;

export interface RequestBudget {
  /** Aborts when any limit is hit; its reason is a FetchError of kind 'timeout'. */
  readonly signal: AbortSignal;
  /** Bounds reading the body; call once the response headers are in. */
  startBodyTimer(ms: number): void;
  dispose(): void;
}

/**
 * One abort signal for one fetch() call, fired by whichever comes first: the per-request time
 * limit, the body timer, the caller's scan deadline (epoch ms) or the caller's own signal.
 */
export function createRequestBudget(options: {
  requestMs: number;
  deadline?: number;
  signal?: AbortSignal;
  now?: () => number;
}): RequestBudget {
  const controller = new AbortController();
  const timers: NodeJS.Timeout[] = [];
  const abortAfter = (ms: number, detail: string): void => {
    if (ms <= 0) controller.abort(new FetchError('timeout', detail));
    else timers.push(setTimeout(() => controller.abort(new FetchError('timeout', detail)), Math.min(ms, MAX_TIMER_MS)));
  };
  const onCallerAbort = (): void => {
    controller.abort(new FetchError('timeout', 'aborted by the caller', { cause: options.signal?.reason }));
  };

  abortAfter(options.requestMs, `no complete response within ${options.requestMs} ms`);
  if (options.deadline !== undefined) abortAfter(options.deadline - (options.now ?? Date.now)(), 'scan deadline reached');
  if (options.signal?.aborted) onCallerAbort();
  else options.signal?.addEventListener('abort', onCallerAbort, { once: true });

  return {
    signal: controller.signal,
    startBodyTimer: (ms) => abortAfter(ms, `body not complete within ${ms} ms`),
    dispose: () => {
      timers.forEach((timer) => clearTimeout(timer));
      options.signal?.removeEventListener('abort', onCallerAbort);
    },
  };
}
