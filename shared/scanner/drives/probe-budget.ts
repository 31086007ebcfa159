import type { FetchSession } from '#shared/scanner/fetch-session.js';

/** A probe is one request: it never takes more than this, nor more than the scan has left. */
const probeTimeoutMs = 5_000;
const minimumProbeMs = 1_000;
const scanSlackMs = 500;

/** The fetch round of the probes: after the pages and documents that name their endpoints. */
export const probeRound = 3;

/** How long a probe may wait for its answer; null when the scan has too little time left to ask at all. */
export function probeTimeout(session: Pick<FetchSession, 'remainingMs'>): number | null {
  const left = session.remainingMs() - scanSlackMs;
  return left < minimumProbeMs ? null : Math.min(probeTimeoutMs, left);
}
