import { setTimeout as sleep } from 'node:timers/promises';

export interface WaitOptions {
  timeoutMs: number;
  intervalMs?: number;
  /** What is awaited, for the time-out message. */
  description: string;
}

/** Bounded polling: resolves once `check` is true, rethrows what `check` throws, fails after the time-out. */
export async function waitUntil(check: () => boolean | Promise<boolean>, options: WaitOptions): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() >= deadline)
      throw new Error(`Timed out after ${Math.round(options.timeoutMs / 1000)} s waiting for ${options.description}`);
    await sleep(options.intervalMs ?? 100);
  }
}
