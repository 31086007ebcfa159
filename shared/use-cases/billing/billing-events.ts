import type { BillingEvent } from '#shared/adapters/billing/billing-provider.js';
import { runJobOnce } from '#shared/db/job-lease-store.js';
import { billingEventKey } from '#shared/db/billing-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import { syncSubscription, type SyncOutcome } from '#shared/use-cases/billing/sync-subscription.js';
import { AppError } from '#shared/model/errors.js';

export type EventOutcome = 'ignored' | 'duplicate' | SyncOutcome['kind'];

// The webhook function's time-out: a delivery that died mid-event frees it for Stripe's next attempt.
const eventLeaseSeconds = 30;

/**
 * A verified provider event. Each event id is processed once (a mark with a TTL); events the service
 * does not act on are acknowledged at once. Acting means syncing the subscription's current state,
 * so duplicates and reordered events cannot leave the account behind.
 */
export async function handleBillingEvent(
  event: BillingEvent,
  deps: Pick<Dependencies, 'config' | 'table' | 'clock' | 'logger' | 'queue' | 'billing'>,
): Promise<EventOutcome> {
  if (!event.handled) return 'ignored';
  const nowSeconds = Math.floor(deps.clock.now() / 1000);
  const run = await runJobOnce(
    deps.table,
    billingEventKey(event.id),
    { nowSeconds, leaseSeconds: eventLeaseSeconds, retentionSeconds: deps.config.billingEventRetentionDays * 86_400 },
    () => syncSubscription(event, deps),
  );
  // Stripe resends on anything but 2xx: a 503 brings this event back after the other delivery ends.
  if (run.kind === 'in_progress')
    throw new AppError('unavailable', `Event ${event.id} is being processed by another delivery`, { retryAfterSeconds: eventLeaseSeconds });
  if (run.kind === 'done') return 'duplicate';
  deps.logger.info('Billing event processed', { eventId: event.id, type: event.type, outcome: run.result.kind });
  return run.result.kind;
}
