import { randomUUID } from 'node:crypto';
import { freeSlots, type HeldSlot, type WindowRule } from '#shared/domain/rate-window.js';

/** Where a limit's slots live (DynamoDB in the service, memory in property tests). */
export interface RateSlotStore {
  /** Every slot of (rule, subject) currently stored, read consistently. */
  heldSlots(rule: string, subject: string): Promise<HeldSlot[]>;
  /**
   * Takes slot `index` for the hit at `at` when it is unused or its hit is at or before `cutoff`;
   * false when another caller holds it. Atomic: of two racing claims at most one succeeds.
   */
  claimSlot(claim: SlotClaim & { cutoff: number; windowSeconds: number }): Promise<boolean>;
  /** Frees the slot if `claimId` still holds it (a refund); otherwise does nothing. */
  releaseSlot(claim: SlotClaim): Promise<void>;
}

export interface SlotClaim {
  rule: string;
  subject: string;
  index: number;
  at: number;
  claimId: string;
}

export interface RateLimitRequest extends WindowRule {
  rule: string;
  subject: string;
  now: number;
}

export type RateLimitOutcome =
  | { allowed: true; /** Gives the slot back, e.g. when the request failed for a reason that should not count. */ release(): Promise<void> }
  | { allowed: false; retryAfterSeconds: number };

/**
 * Records one request against a rolling window of `limit` slots. No read-modify-write of a shared
 * item: each attempt is one conditional write to one slot, and an attempt fails only because
 * another request took that slot, so below the limit every request gets in and the loop ends
 * after at most `limit` lost races.
 */
export async function consumeRateLimit(store: RateSlotStore, request: RateLimitRequest): Promise<RateLimitOutcome> {
  const cutoff = request.now - request.windowSeconds * 1000;
  const claimId = randomUUID();
  for (let lostRaces = 0; lostRaces <= request.limit; lostRaces += 1) {
    const choice = freeSlots(await store.heldSlots(request.rule, request.subject), request.now, request);
    if (choice.kind === 'full') return { allowed: false, retryAfterSeconds: choice.retryAfterSeconds };
    // One try per read: after a lost race the list is stale, and reading again costs less than
    // walking it (and tells a late caller at once that the window is full).
    const claim: SlotClaim = { rule: request.rule, subject: request.subject, index: choice.indexes[0]!, at: request.now, claimId };
    if (await store.claimSlot({ ...claim, cutoff, windowSeconds: request.windowSeconds })) {
      return { allowed: true, release: () => store.releaseSlot(claim) };
    }
  }
  // Unreachable in practice (each lost race is another request's admission); refuse rather than over-admit.
  return { allowed: false, retryAfterSeconds: 1 };
}
