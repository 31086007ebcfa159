export interface WindowRule {
  limit: number;
  windowSeconds: number;
}

/** One of a limit's `limit` slots, held by the hit stamped `at` (epoch ms) until `at + window`. */
export interface HeldSlot {
  index: number;
  at: number;
}

export type SlotChoice =
  | { kind: 'free'; indexes: number[] }
  | { kind: 'full'; retryAfterSeconds: number };

/**
 * A rolling window as `limit` slots: a request is admitted by taking a slot whose last hit left the
 * window (`at <= now - window`) or that was never used. Each slot's stamps therefore grow by at
 * least the window, so any window of stamps holds at most `limit` hits, whatever the callers'
 * clocks or interleaving; a stamp in a caller's future (a skewed clock) still holds its slot.
 * Free slots are returned shuffled, so concurrent callers rarely reach for the same one.
 */
export function freeSlots(held: readonly HeldSlot[], now: number, rule: WindowRule, random: () => number = Math.random): SlotChoice {
  const windowMs = rule.windowSeconds * 1000;
  const busy = held.filter((slot) => slot.index < rule.limit && slot.at > now - windowMs);
  const taken = new Set(busy.map((slot) => slot.index));
  const indexes: number[] = [];
  for (let index = 0; index < rule.limit; index += 1) if (!taken.has(index)) indexes.push(index);
  if (indexes.length > 0) return { kind: 'free', indexes: shuffle(indexes, random) };
  const firstToLeave = Math.min(...busy.map((slot) => slot.at));
  return { kind: 'full', retryAfterSeconds: Math.max(1, Math.ceil((firstToLeave + windowMs - now) / 1000)) };
}

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}
