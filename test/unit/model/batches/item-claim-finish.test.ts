import { describe, expect, it } from 'vitest';
import type { ItemStatus } from '#shared/model/batches/batch.js';
import { abandonedItemStep, itemFinished, itemLease, itemStepAtStart, unclaimedReason } from '#shared/model/batches/item-claim.js';
import {
  abandonedPlan,
  batchCompleteData,
  batchCounterOf,
  completedOutcome,
  failedOutcome,
  itemStepAfterFinish,
  notCountedPlan,
  scanFailurePlan,
  settleStep,
} from '#shared/model/batches/item-finish.js';

const ref = { batchId: 'b1', index: 0, url: 'https://shop.example/' };
const scan = { id: 'scan-1', score: 72, band: 'partially_ready' as const };

describe('claiming an item', () => {
  it('finishes the item unscanned on the message last receive, claims it otherwise', () => {
    expect(itemStepAtStart(true)).toBe('finish_abandoned');
    expect(itemStepAtStart(false)).toBe('claim');
  });

  it('leases it from now for the lease time', () => {
    expect(itemLease(1_000, 60_000)).toEqual({ now: 1_000, until: 61_000 });
  });

  it.each<[ItemStatus, boolean]>([
    ['pending', false],
    ['processing', false],
    ['completed', true],
    ['failed', true],
  ])('counts a %s item as finished: %s', (status, finished) => {
    expect(itemFinished({ status })).toBe(finished);
  });

  it('reads a refused claim: not the message item, finished, or held by another worker', () => {
    expect(unclaimedReason(null, ref)).toBe('unknown_item');
    expect(unclaimedReason({ url: 'https://other.example/', status: 'pending' }, ref)).toBe('unknown_item');
    expect(unclaimedReason({ url: ref.url, status: 'completed' }, ref)).toBe('already_done');
    expect(unclaimedReason({ url: ref.url, status: 'failed' }, ref)).toBe('already_done');
    expect(unclaimedReason({ url: ref.url, status: 'processing' }, ref)).toBe('in_progress');
    // Pending again by the time it is read (the claim lost a race): someone else has it in hand.
    expect(unclaimedReason({ url: ref.url, status: 'pending' }, ref)).toBe('in_progress');
  });

  it('finishes an abandoned item whoever holds it, unless it is not the message item or already finished', () => {
    expect(abandonedItemStep(null, ref)).toBe('unknown_item');
    expect(abandonedItemStep({ url: 'https://other.example/', status: 'processing' }, ref)).toBe('unknown_item');
    expect(abandonedItemStep({ url: ref.url, status: 'completed' }, ref)).toBe('already_done');
    expect(abandonedItemStep({ url: ref.url, status: 'failed' }, ref)).toBe('already_done');
    expect(abandonedItemStep({ url: ref.url, status: 'processing' }, ref)).toBe('finish');
    expect(abandonedItemStep({ url: ref.url, status: 'pending' }, ref)).toBe('finish');
  });
});

describe('finishing an item', () => {
  it('records a scan as completed and an error as failed, each adding to its own batch counter', () => {
    expect(completedOutcome(scan)).toEqual({ status: 'completed', scanId: 'scan-1', score: 72, band: 'partially_ready', error: null });
    expect(failedOutcome('no')).toEqual({ status: 'failed', scanId: null, score: null, band: null, error: 'no' });
    expect(batchCounterOf(completedOutcome(scan))).toBe('completedUrls');
    expect(batchCounterOf(failedOutcome('no'))).toBe('failedUrls');
  });

  it('fails an item the allowance did not cover, with nothing to give back', () => {
    expect(notCountedPlan('Daily scan limit reached')).toEqual({ outcome: failedOutcome('Not scanned: Daily scan limit reached') });
  });

  it('fails an item whose scan failed on its side, giving the day scan back only when the target was at fault', () => {
    expect(scanFailurePlan({ kind: 'upstream_failed', message: 'unreachable' }, true, '2026-03-15')).toEqual({
      outcome: failedOutcome('unreachable'),
      refundScanDay: '2026-03-15',
    });
    expect(scanFailurePlan({ kind: 'timed_out', message: 'slow' }, true, '2026-03-15')).toEqual({
      outcome: failedOutcome('slow'),
      refundScanDay: '2026-03-15',
    });
    expect(scanFailurePlan({ kind: 'invalid_input', message: 'bad URL' }, false, '2026-03-15')).toEqual({
      outcome: failedOutcome('bad URL'),
      refundScanDay: undefined,
    });
  });

  it('leaves our side failing to be thrown on (the message is retried)', () => {
    expect(scanFailurePlan({ kind: 'unavailable', message: 'table paused' }, false, '2026-03-15')).toBeNull();
    expect(scanFailurePlan({ kind: 'internal', message: 'bug' }, false, '2026-03-15')).toBeNull();
  });

  it('ends an abandoned item with the scan an earlier worker stored, else failed with its counted scan given back', () => {
    expect(abandonedPlan({ countedScanDay: '2026-03-15' }, scan, 'gave up')).toEqual({ outcome: completedOutcome(scan) });
    expect(abandonedPlan({ countedScanDay: '2026-03-15' }, null, 'gave up')).toEqual({
      outcome: failedOutcome('gave up'),
      refundScanDay: '2026-03-15',
    });
    expect(abandonedPlan({}, null, 'gave up')).toEqual({ outcome: failedOutcome('gave up'), refundScanDay: undefined });
  });

  it('reports the item by its outcome, or in progress when the finish was refused', () => {
    expect(itemStepAfterFinish(true, completedOutcome(scan))).toBe('scanned');
    expect(itemStepAfterFinish(true, failedOutcome('no'))).toBe('failed');
    expect(itemStepAfterFinish(false, completedOutcome(scan))).toBe('in_progress');
    expect(itemStepAfterFinish(false, failedOutcome('no'))).toBe('in_progress');
  });
});

describe('settling the batch', () => {
  const batch = { status: 'processing' as const, totalUrls: 3, completedUrls: 1, failedUrls: 1 };

  it('waits while an item is not done, and for a batch not found', () => {
    expect(settleStep(batch, false)).toEqual({ kind: 'not_done' });
    expect(settleStep({ ...batch, status: 'pending' }, false)).toEqual({ kind: 'not_done' });
    expect(settleStep(null, true)).toEqual({ kind: 'not_done' });
  });

  it('settles completed with one item scanned, failed with none', () => {
    expect(settleStep({ ...batch, failedUrls: 2 }, false)).toEqual({ kind: 'settle', status: 'completed' });
    expect(settleStep({ ...batch, completedUrls: 0, failedUrls: 3 }, false)).toEqual({ kind: 'settle', status: 'failed' });
    expect(settleStep({ ...batch, status: 'pending', completedUrls: 3, failedUrls: 0 }, false)).toEqual({
      kind: 'settle',
      status: 'completed',
    });
  });

  it('leaves a settled batch, raising its event again only when asked', () => {
    expect(settleStep({ ...batch, status: 'completed' }, false)).toEqual({ kind: 'already_settled', status: 'completed', reraise: false });
    expect(settleStep({ ...batch, status: 'failed' }, true)).toEqual({ kind: 'already_settled', status: 'failed', reraise: true });
  });

  it('raises batch_complete with the counts', () => {
    expect(batchCompleteData({ id: 'b1', totalUrls: 3, completedUrls: 2, failedUrls: 1 }, 'completed')).toEqual({
      batchId: 'b1',
      status: 'completed',
      totalUrls: 3,
      completedUrls: 2,
      failedUrls: 1,
    });
  });
});
