import type { LocalLog } from './log.js';

/**
 * One Ctrl-C reaches us several times within milliseconds: the terminal signals every process in
 * the group, then npm and tsx relay it again. Repeats inside this window count as the same press.
 */
const samePressWindowMs = 1_000;

/**
 * Ctrl-C or SIGTERM stops the stack in order and exits; pressing Ctrl-C again exits at once (the
 * DynamoDB Local child is then killed by its exit hook, and by its closed stdin if even that is skipped).
 */
export function stopOnSignals(stop: () => Promise<void>, log: LocalLog): void {
  let firstAt: number | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (firstAt !== undefined) {
      if (Date.now() - firstAt < samePressWindowMs) return;
      log.warn(`${signal} again: exiting without waiting`);
      process.exit(130);
    }
    const startedAt = Date.now();
    firstAt = startedAt;
    log.info(`${signal}: stopping the local stack (press Ctrl-C again to force)…`);
    stop().then(
      () => {
        log.info(`Local stack stopped in ${Date.now() - startedAt} ms.`);
        process.exit(0);
      },
      (error: unknown) => {
        log.error('Stopping the local stack failed', error);
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, onSignal);
}
