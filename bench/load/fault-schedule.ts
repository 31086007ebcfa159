/**
 * When `--faults` injects each fault, as offsets from the start of the load: a receiver hangs 30 s
 * from a tenth of the run, DynamoDB Local is paused 10 s from a fifth of it, and restarted at 60 % of
 * the run (at least 2 s after the pause ended, so the two do not overlap). A run shorter than the
 * faults still gets all of them: what outlasts the load is waited for before the checks.
 */
export interface FaultSchedule {
  hangAtMs: number;
  hangMs: number;
  pauseAtMs: number;
  pauseMs: number;
  restartAtMs: number;
}

export const receiverHangMs = 30_000;
export const databasePauseMs = 10_000;

export function faultSchedule(seconds: number): FaultSchedule {
  const runMs = seconds * 1_000;
  const pauseAtMs = Math.round(runMs * 0.2);
  return {
    hangAtMs: Math.round(runMs * 0.1),
    hangMs: receiverHangMs,
    pauseAtMs,
    pauseMs: databasePauseMs,
    restartAtMs: Math.max(Math.round(runMs * 0.6), pauseAtMs + databasePauseMs + 2_000),
  };
}
