import type { Clock } from '#shared/model/clock.js';

export type Probe = () => Promise<void>;

export interface HealthReport {
  status: 'ok' | 'degraded';
  service: string;
  version: string;
  time: string;
  dependencies: Record<string, { status: 'ok' | 'error'; latencyMs: number }>;
}

/** Runs every dependency probe in parallel; any failure makes the service `degraded`. */
export async function checkHealth(probes: Record<string, Probe>, clock: Clock, version: string): Promise<HealthReport> {
  const entries = await Promise.all(
    Object.entries(probes).map(async ([name, probe]) => {
      const started = clock.now();
      const status: 'ok' | 'error' = await probe().then(
        () => 'ok',
        () => 'error',
      );
      return [name, { status, latencyMs: Math.max(0, Math.round(clock.now() - started)) }] as const;
    }),
  );
  const dependencies = Object.fromEntries(entries);
  const healthy = entries.every(([, result]) => result.status === 'ok');
  return {
    status: healthy ? 'ok' : 'degraded',
    service: 'agent-commerce-readiness-scanner',
    version,
    time: new Date(clock.now()).toISOString(),
    dependencies,
  };
}
