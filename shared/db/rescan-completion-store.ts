import { writeTransaction } from '#shared/db/transactions.js';
import type { ItemKey, Table } from '#shared/db/table.js';
import { rescanDueKey, watchedSiteKey, type DuePlace } from '#shared/db/watched-site-keys.js';
import { getWatchedSite } from '#shared/db/watched-site-store.js';
import { snapshotPut, type ScoreSnapshot } from '#shared/db/site-history-store.js';
import type { StoredThreshold } from '#shared/model/sites/thresholds.js';
import type { WatchedSite } from '#shared/model/sites/watched-site.js';

/** A site's rescan for one sweep: its lease key, and its completion with the score, thresholds and snapshot in one transaction. */

/** Marks the rescan of one site for one sweep as running (a lease), so redeliveries do not scan twice at once. */
export const rescanJobKey = (siteId: string, slot: string): ItemKey => ({ pk: `RESCANJOB#${siteId}#${slot}`, sk: 'RESCANJOB' });

/** What a completed (or failed) rescan writes onto its site, with the version it was computed from. */
export interface RescanOutcome {
  site: WatchedSite;
  slot: string;
  next: DuePlace;
  changes:
    | {
        kind: 'scored';
        lastScore: number;
        lastScannedAt: string;
        scoreChange: number | null;
        scanId: string;
        thresholds: StoredThreshold[];
        snapshot: ScoreSnapshot;
        drop: Array<{ pk: string; sk: string }>;
      }
    | { kind: 'failed'; error: string };
}

/**
 * Completes a site's rescan for a sweep in one transaction: the site's score, threshold states and
 * next due date, its new snapshot and the removal of the oldest beyond the cap. Conditional on the
 * site being the version read (else 'stale': read again and recompute) and on this sweep's rescan not
 * having completed already ('done'). A failed scan records its error and keeps the last score.
 */
export async function completeRescan(table: Table, outcome: RescanOutcome): Promise<'completed' | 'stale' | 'done' | 'gone'> {
  const { site, changes } = outcome;
  const due = rescanDueKey(outcome.next.shard, outcome.next.dueAt, site.accountId, site.id);
  const values: Record<string, unknown> = {
    ':slot': outcome.slot,
    ':version': site.version,
    ':one': 1,
    ':zero': 0,
    ':duePk': due.gsi2pk,
    ':dueSk': due.gsi2sk,
  };
  const sets = ['lastScanSlot = :slot', 'gsi2pk = :duePk', 'gsi2sk = :dueSk', '#version = if_not_exists(#version, :zero) + :one'];
  if (changes.kind === 'scored') {
    Object.assign(values, {
      ':score': changes.lastScore,
      ':scannedAt': changes.lastScannedAt,
      ':change': changes.scoreChange,
      ':scanId': changes.scanId,
      ':thresholds': changes.thresholds,
      ':ok': 'ok',
      ':null': null,
      ':historyDelta': 1 - changes.drop.length,
    });
    sets.push(
      'lastScore = :score',
      'lastScannedAt = :scannedAt',
      'scoreChange = :change',
      'lastScanId = :scanId',
      'thresholds = :thresholds',
      'lastScanStatus = :ok',
      'lastError = :null',
      'historyCount = if_not_exists(historyCount, :zero) + :historyDelta',
    );
  } else {
    Object.assign(values, { ':failed': 'failed', ':error': changes.error });
    sets.push('lastScanStatus = :failed', 'lastError = :error');
  }
  const versionCondition = site.version === 0 ? '(attribute_not_exists(#version) OR #version = :version)' : '#version = :version';
  const codes = await writeTransaction(table.client, [
    {
      Update: {
        TableName: table.name,
        Key: watchedSiteKey(site.accountId, site.id),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: `attribute_exists(pk) AND (attribute_not_exists(lastScanSlot) OR lastScanSlot <> :slot) AND ${versionCondition}`,
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: values,
      },
    },
    ...(changes.kind === 'scored'
      ? [
          snapshotPut(table, site, changes.snapshot, changes.scanId),
          ...changes.drop.map((key) => ({ Delete: { TableName: table.name, Key: key } })),
        ]
      : []),
  ]);
  if (!codes) return 'completed';
  if (codes[0] !== 'ConditionalCheckFailed') throw new Error(`Completing the rescan of site ${site.id} was cancelled: ${codes.join(', ')}`);
  const current = await getWatchedSite(table, site.accountId, site.id);
  if (!current) return 'gone';
  return current.lastScanSlot === outcome.slot ? 'done' : 'stale';
}
