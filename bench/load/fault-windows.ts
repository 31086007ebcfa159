/**
 * When a fault was in force, and whether an answer falls inside it. Times are milliseconds since the
 * load began. A 5xx (or a request that got no answer) inside a window is expected; outside, it is an error.
 */
export interface FaultWindow {
  name: string;
  startMs: number;
  /** When the fault ended (the database answered again, the receiver answered again); null while it lasts. */
  endMs: number | null;
  /** Whether the fault can make the API itself answer 5xx (a hanging webhook receiver cannot). */
  affectsApi: boolean;
}

export interface DatabaseDeadlines {
  connectTimeoutMs: number;
  requestTimeoutMs: number;
  maxAttempts: number;
}

/**
 * How long after a database fault ends its effects may still surface: a call sent during the fault
 * fails only once all its attempts have run out, each bounded by the connect and request deadlines,
 * plus a second for the SDK's back-off between attempts.
 */
export function databaseGraceMs(deadlines: DatabaseDeadlines): number {
  return deadlines.maxAttempts * (deadlines.connectTimeoutMs + deadlines.requestTimeoutMs) + 1_000;
}

/** The window (if any) that explains an API failure seen at `atMs`. */
export function windowAt(
  atMs: number,
  windows: readonly FaultWindow[],
  graceMs: number,
  nowMs: number = Number.POSITIVE_INFINITY,
): FaultWindow | undefined {
  return windows.find((window) => window.affectsApi && atMs >= window.startMs && atMs <= (window.endMs ?? nowMs) + graceMs);
}

export interface TimedFailure {
  atMs: number;
}

/** Splits failures into those a fault explains and those it does not. */
export function classifyFailures<T extends TimedFailure>(
  failures: readonly T[],
  windows: readonly FaultWindow[],
  graceMs: number,
): { inWindow: T[]; outside: T[] } {
  const inWindow: T[] = [];
  const outside: T[] = [];
  for (const failure of failures) (windowAt(failure.atMs, windows, graceMs) ? inWindow : outside).push(failure);
  return { inWindow, outside };
}
