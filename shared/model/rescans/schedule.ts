import { createHash } from 'node:crypto';
import type { Config } from '#shared/config.js';

const dayMs = 86_400_000;

/** The ISO week of a moment (UTC), like `2026-W48`: a weekly sweep's slot, so each site is rescanned once in it. */
export function isoWeek(epochMs: number): string {
  const date = new Date(epochMs);
  const day = date.getUTCDay() || 7; // Monday 1 ... Sunday 7
  const thursday = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 4 - day);
  const year = new Date(thursday).getUTCFullYear();
  const week = Math.floor((thursday - Date.UTC(year, 0, 1)) / (7 * dayMs)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The due-index shard of a site: a hash of its id, so sites spread evenly whatever their ids look like. */
export function shardOf(siteId: string, shards: number): number {
  return createHash('sha256').update(siteId).digest().readUInt32BE(0) % shards;
}

/**
 * When a site scanned (or queued) at `epochMs` is next due. A day short of the interval, so a weekly
 * sweep never misses a site scanned just after the previous sweep started (it would wait two weeks).
 */
export function nextDueAt(epochMs: number, config: Pick<Config, 'rescanIntervalDays'>): string {
  return new Date(epochMs + Math.max(1, config.rescanIntervalDays - 1) * dayMs).toISOString();
}
