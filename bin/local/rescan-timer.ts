import type { LocalLog } from './log.js';
import type { RunSweep } from './rescan-sweep.js';

/** Stands in for the weekly EventBridge rule: a sweep right after start, then one per interval. */
export function startRescanTimer(runSweep: RunSweep, intervalMs: number, log: LocalLog): { stop(): void } {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    runSweep({ all: false })
      .catch((error: unknown) => log.error('The scheduled rescan sweep failed', error))
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(tick, 0);
  const interval = setInterval(tick, intervalMs);
  return {
    stop: () => {
      clearTimeout(first);
      clearInterval(interval);
    },
  };
}
