import type { RateSlotStore } from '#shared/domain/rate-limiter.js';
import type { HeldSlot } from '#shared/domain/rate-window.js';

interface StoredSlot extends HeldSlot {
  claimId: string;
}

/**
 * The slot store in memory, with the same atomic conditional claim as DynamoDB's. `yieldPoint` runs
 * before every operation, so a fast-check scheduler can interleave concurrent callers at random.
 */
export function memoryRateSlotStore(yieldPoint: () => Promise<void> = () => Promise.resolve()) {
  const slots = new Map<string, StoredSlot>();
  const id = (rule: string, subject: string, index: number) => `${rule}\u0000${subject}\u0000${index}`;
  const store: RateSlotStore = {
    async heldSlots(rule, subject) {
      await yieldPoint();
      const prefix = `${rule}\u0000${subject}\u0000`;
      return [...slots.entries()].filter(([key]) => key.startsWith(prefix)).map(([, slot]) => ({ index: slot.index, at: slot.at }));
    },
    async claimSlot({ rule, subject, index, at, claimId, cutoff }) {
      await yieldPoint();
      const current = slots.get(id(rule, subject, index));
      if (current && current.at > cutoff) return false;
      slots.set(id(rule, subject, index), { index, at, claimId });
      return true;
    },
    async releaseSlot({ rule, subject, index, claimId }) {
      await yieldPoint();
      if (slots.get(id(rule, subject, index))?.claimId === claimId) slots.delete(id(rule, subject, index));
    },
  };
  return { store, slots };
}
