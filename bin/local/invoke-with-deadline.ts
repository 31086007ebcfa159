export type Invocation<T> = { kind: 'returned'; value: T } | { kind: 'threw'; error: unknown } | { kind: 'timed_out' };

/**
 * Runs a handler the way Lambda bounds it: past its timeout the caller stops waiting. The promise
 * itself cannot be cancelled in-process; it finishes in the background and its result is dropped.
 */
export async function invokeWithDeadline<T>(run: () => Promise<T>, timeoutMs: number): Promise<Invocation<T>> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<Invocation<T>>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'timed_out' }), timeoutMs);
  });
  const settled = Promise.resolve()
    .then(run)
    .then(
      (value): Invocation<T> => ({ kind: 'returned', value }),
      (error: unknown): Invocation<T> => ({ kind: 'threw', error }),
    );
  try {
    return await Promise.race([settled, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
