import { setTimeout as sleep } from 'node:timers/promises';

const firstWaitMs = 250;
const longestWaitMs = 4_000;

/**
 * Runs `work` until it succeeds, waiting 0.25, 0.5, 1 … 4 s between tries, for at most `budgetMs`;
 * then throws the last error. For a write whose loss costs more than the wait (an attempt already
 * made, whose outcome exists only in memory); `work` must be safe to repeat.
 */
export async function retryFor<T>(budgetMs: number, work: () => Promise<T>): Promise<T> {
  const giveUpAt = Date.now() + budgetMs;
  for (let waitMs = firstWaitMs; ; waitMs = Math.min(longestWaitMs, waitMs * 2)) {
    try {
      return await work();
    } catch (error) {
      if (Date.now() + waitMs >= giveUpAt) throw error;
      await sleep(waitMs);
    }
  }
}
