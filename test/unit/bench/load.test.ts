import { describe, expect, it } from 'vitest';
import { parseLoadArgs } from '../../../bench/load/args.js';
import { faultSchedule } from '../../../bench/load/fault-schedule.js';
import { classifyFailures, databaseGraceMs, windowAt, type FaultWindow } from '../../../bench/load/fault-windows.js';
import { tallyFailures } from '../../../bench/load/failures.js';
import { countWithin, repeated, sameSet } from '../../../bench/load/invariants.js';
import { metered, tally } from '../../../bench/load/route-tallies.js';
import { buildSummary, summaryLine } from '../../../bench/load/summary.js';
import type { RouteRecord } from '../../../bench/load/traffic.js';

const pause: FaultWindow = { name: 'dynamodbPause', startMs: 4_000, endMs: 14_000, affectsApi: true };
const hang: FaultWindow = { name: 'webhookReceiverHang', startMs: 0, endMs: 60_000, affectsApi: false };

function record(name: string, statuses: Array<[number, number]>, extra: Partial<RouteRecord> = {}): RouteRecord {
  return {
    name,
    sent: statuses.length,
    sentByTag: {},
    answers: statuses.map(([atMs, status]) => ({ atMs, status })),
    noAnswer: [],
    ...extra,
  };
}

describe('load: fault windows', () => {
  it('the grace after a database fault is every attempt at its deadlines plus a second of back-off', () => {
    expect(databaseGraceMs({ connectTimeoutMs: 1_000, requestTimeoutMs: 2_000, maxAttempts: 3 })).toBe(10_000);
  });

  it('a failure belongs to a window from its start to its end plus the grace, and only to one that can fail the API', () => {
    expect(windowAt(3_999, [pause], 10_000)).toBeUndefined();
    expect(windowAt(4_000, [pause], 10_000)?.name).toBe('dynamodbPause');
    expect(windowAt(24_000, [pause], 10_000)?.name).toBe('dynamodbPause');
    expect(windowAt(24_001, [pause], 10_000)).toBeUndefined();
    expect(windowAt(30_000, [hang], 10_000)).toBeUndefined();
    // A fault still in force covers everything after its start.
    expect(windowAt(500_000, [{ ...pause, endMs: null }], 10_000)?.name).toBe('dynamodbPause');
    const { inWindow, outside } = classifyFailures([{ atMs: 1_000 }, { atMs: 5_000 }, { atMs: 30_000 }], [pause, hang], 10_000);
    expect(inWindow).toEqual([{ atMs: 5_000 }]);
    expect(outside).toEqual([{ atMs: 1_000 }, { atMs: 30_000 }]);
  });

  it("a 502/504 from scans of the resetting target is the product's answer; its 500/503 and every other route's 5xx are not", () => {
    const records = [
      record('publicScanResettingTarget', [
        [1_000, 502],
        [2_000, 504],
        [3_000, 503],
        [4_000, 200],
      ]),
      record(
        'scan',
        [
          [1_000, 502],
          [5_000, 503],
          [9_000, 200],
        ],
        { noAnswer: [{ atMs: 40_000, error: 'timeout' }] },
      ),
    ];
    const tallied = tallyFailures(records, new Set(['publicScanResettingTarget']), [pause], 10_000);
    expect(tallied.expectedUpstream.map((failure) => failure.status)).toEqual([502, 504]);
    expect(tallied.inWindow.map((failure) => [failure.route, failure.status])).toEqual([['scan', 503]]);
    expect(tallied.outside.map((failure) => [failure.route, failure.status])).toEqual([
      ['publicScanResettingTarget', 503],
      ['scan', 502],
      ['scan', null],
    ]);
  });

  it('schedules the hang, the pause and a restart after the pause, even in a short run', () => {
    expect(faultSchedule(300)).toEqual({ hangAtMs: 30_000, hangMs: 30_000, pauseAtMs: 60_000, pauseMs: 10_000, restartAtMs: 180_000 });
    const short = faultSchedule(20);
    expect(short.restartAtMs).toBeGreaterThanOrEqual(short.pauseAtMs + short.pauseMs + 2_000);
  });
});

describe('load: invariants', () => {
  it('a count must lie between what the answers prove and that plus the unsettled requests', () => {
    expect(countWithin('n', 5, 5)).toEqual({ name: 'n', ok: true, detail: '5 (expected 5)' });
    expect(countWithin('n', 6, 5).ok).toBe(false);
    expect(countWithin('n', 7, 5, 2)).toEqual({ name: 'n', ok: true, detail: '7 (expected 5..7)' });
    expect(countWithin('n', 4, 5, 2).ok).toBe(false);
    expect(countWithin('n', 8, 5, 2).ok).toBe(false);
  });

  it('finds ids seen twice and the ids two sides disagree on', () => {
    expect(repeated(['a', 'b', 'a', 'c', 'a'])).toEqual(['a']);
    expect(sameSet('log', ['a', 'b'], ['b', 'a', 'a'], 'log', 'receiver').ok).toBe(true);
    expect(sameSet('log', ['a', 'b'], ['a', 'c'], 'log', 'receiver')).toEqual({
      name: 'log',
      ok: false,
      detail: '1 only in log, 1 only in receiver (b, c)',
    });
  });

  it('a metered route counts every settled answer but 401, 403 and 429; 429s, 5xx and unanswered requests stay open', () => {
    const route = record(
      'scan',
      [
        [0, 200],
        [0, 200],
        [0, 502],
        [0, 400],
        [0, 429],
        [0, 503],
      ],
      { sent: 8 },
    );
    const tallied = tally(route);
    expect(tallied.unsettled).toBe(4); // the 502, the 503 and two requests without an answer
    expect(metered(tallied)).toEqual({ definite: 3, ambiguous: 5 });
  });

  it('tallies by tag (which account sent a request)', () => {
    const route: RouteRecord = {
      name: 'batchScan',
      sent: 3,
      sentByTag: { '0': 2, '1': 1 },
      answers: [
        { atMs: 0, status: 202, tag: '0' },
        { atMs: 0, status: 202, tag: '1' },
      ],
      noAnswer: [],
    };
    expect(tally(route, '0')).toEqual({ sent: 2, byStatus: { 202: 1 }, unsettled: 1 });
    expect(tally(route, '1')).toEqual({ sent: 1, byStatus: { 202: 1 }, unsettled: 0 });
  });
});

describe('load: the summary line', () => {
  const input = {
    requests: 120,
    errors5xx: 0,
    errors5xxInFaultWindows: 3,
    expectedUpstreamFailures: 2,
    routes: { scan: { sent: 6, rps: 1.666, p50: 1132.4, p99: 1754.6 } },
    durationSeconds: 20.04,
    invariants: [{ name: 'batches.reachFinalState', ok: true, detail: '' }],
    faults: null,
  };

  it('is one JSON object with the required fields first, rounded figures, and exit code 0 when clean', () => {
    const { line, exitCode } = summaryLine(buildSummary(input));
    expect(exitCode).toBe(0);
    expect(line).not.toContain('\n');
    const parsed = JSON.parse(line) as Record<string, unknown>;
    expect(Object.keys(parsed).slice(0, 4)).toEqual(['requests', 'errors5xx', 'invariantsFailed', 'routes']);
    expect(parsed).toMatchObject({
      requests: 120,
      errors5xx: 0,
      invariantsFailed: 0,
      routes: { scan: { sent: 6, rps: 1.7, p50: 1132, p99: 1755 } },
      durationSeconds: 20,
      invariants: { 'batches.reachFinalState': true },
    });
    expect(parsed).not.toHaveProperty('faults');
  });

  it('exits 1 on any 5xx outside the windows or any failed invariant, and lists the faults when there were some', () => {
    expect(summaryLine(buildSummary({ ...input, errors5xx: 1 })).exitCode).toBe(1);
    const failed = buildSummary({ ...input, invariants: [{ name: 'x', ok: false, detail: '' }], faults: [pause] });
    expect(failed.invariantsFailed).toBe(1);
    expect(summaryLine(failed).exitCode).toBe(1);
    expect(failed.faults).toEqual([{ name: 'dynamodbPause', startSeconds: 4, endSeconds: 14 }]);
  });
});

describe('load: arguments', () => {
  it('takes --seconds, --faults, and --url only with --ses, on loopback, without --faults', () => {
    expect(parseLoadArgs(['--seconds', '5'])).toEqual({ seconds: 5, faults: false, url: null, ses: null });
    expect(parseLoadArgs(['--seconds', '5', '--url', 'http://127.0.0.1:3000', '--ses', 'http://127.0.0.1:8005'])).toMatchObject({
      url: 'http://127.0.0.1:3000',
      ses: 'http://127.0.0.1:8005',
    });
    expect(() => parseLoadArgs(['--seconds', '0'])).toThrow(/--seconds/);
    expect(() => parseLoadArgs(['--url', 'http://127.0.0.1:3000'])).toThrow(/--ses/);
    expect(() => parseLoadArgs(['--url', 'http://example.com', '--ses', 'http://127.0.0.1:8005'])).toThrow(/loopback/);
    expect(() => parseLoadArgs(['--url', 'http://127.0.0.1:3000', '--ses', 'http://127.0.0.1:8005', '--faults'])).toThrow(/--faults/);
  });
});
