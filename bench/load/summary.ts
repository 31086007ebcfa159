import type { FaultWindow } from './fault-windows.js';
import type { InvariantResult } from './invariants.js';

export interface RouteFigures {
  /** Requests started; under CPU starvation a slow route may see none of them answered within a short run. */
  sent: number;
  rps: number;
  p50: number;
  p99: number;
}

export interface LoadSummary {
  requests: number;
  errors5xx: number;
  invariantsFailed: number;
  routes: Record<string, RouteFigures>;
  durationSeconds: number;
  errors5xxInFaultWindows: number;
  expectedUpstreamFailures: number;
  invariants: Record<string, boolean>;
  faults?: Array<{ name: string; startSeconds: number; endSeconds: number | null }>;
}

export interface SummaryInput {
  requests: number;
  errors5xx: number;
  errors5xxInFaultWindows: number;
  expectedUpstreamFailures: number;
  routes: Record<string, RouteFigures>;
  durationSeconds: number;
  invariants: readonly InvariantResult[];
  faults: readonly FaultWindow[] | null;
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

export function buildSummary(input: SummaryInput): LoadSummary {
  const routes = Object.fromEntries(
    Object.entries(input.routes).map(([name, figures]) => [
      name,
      { sent: figures.sent, rps: round(figures.rps, 1), p50: round(figures.p50, 0), p99: round(figures.p99, 0) },
    ]),
  );
  return {
    requests: input.requests,
    errors5xx: input.errors5xx,
    invariantsFailed: input.invariants.filter((result) => !result.ok).length,
    routes,
    durationSeconds: round(input.durationSeconds, 1),
    errors5xxInFaultWindows: input.errors5xxInFaultWindows,
    expectedUpstreamFailures: input.expectedUpstreamFailures,
    invariants: Object.fromEntries(input.invariants.map((result) => [result.name, result.ok])),
    ...(input.faults
      ? {
          faults: input.faults.map((fault) => ({
            name: fault.name,
            startSeconds: round(fault.startMs / 1000, 1),
            endSeconds: fault.endMs === null ? null : round(fault.endMs / 1000, 1),
          })),
        }
      : {}),
  };
}

/** The command's last stdout line, and its exit code: 0 only with no 5xx and no failed invariant. */
export function summaryLine(summary: LoadSummary): { line: string; exitCode: number } {
  return { line: JSON.stringify(summary), exitCode: summary.errors5xx === 0 && summary.invariantsFailed === 0 ? 0 : 1 };
}
