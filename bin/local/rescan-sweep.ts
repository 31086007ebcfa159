import { randomUUID } from 'node:crypto';
import { createLambdaContext, localAccountId } from './event-adapter.js';
import { workerFunction } from './function-sizing.js';
import { runAsFunction } from './iam/invocation-identity.js';
import type { SweepEvent, SweepHandler } from './handler-modules.js';
import { invokeWithDeadline } from './invoke-with-deadline.js';

export type RunSweep = (options: { all: boolean }) => Promise<unknown>;

/** Invokes the weekly sweep as EventBridge would, plus the local-only `all` flag of `npm run rescan -- --all`. */
export function createSweepRunner(handler: SweepHandler, region: string): RunSweep {
  const sweep = workerFunction('rescanSweep');
  return async ({ all }) => {
    const requestId = randomUUID();
    const event: SweepEvent = {
      version: '0',
      id: randomUUID(),
      'detail-type': 'Scheduled Event',
      source: 'aws.events',
      account: localAccountId,
      time: new Date().toISOString(),
      region,
      resources: [`arn:aws:events:${region}:${localAccountId}:rule/local-weekly-rescan`],
      detail: {},
      all,
    };
    const outcome = await invokeWithDeadline(
      () => runAsFunction('rescanSweep', () => handler(event, createLambdaContext({ ...sweep, requestId, region }))),
      sweep.timeoutMs,
    );
    if (outcome.kind === 'threw') throw outcome.error;
    if (outcome.kind === 'timed_out') throw new Error(`The rescan sweep timed out after ${sweep.timeoutMs / 1_000} s`);
    return outcome.value;
  };
}
