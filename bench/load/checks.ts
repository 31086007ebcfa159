import { setTimeout as sleep } from 'node:timers/promises';
import type { BatchAccount, LoadAccounts } from './accounts.js';
import pLimit from 'p-limit';
import { call, expectOk, usageOf } from './http.js';
import { allTrue, countWithin, repeated, sameSet, type InvariantResult } from './invariants.js';
import type { Arrival } from './receivers.js';
import { countOf, metered, tally } from './route-tallies.js';
import type { RouteRecord } from './traffic.js';
import type { z } from 'zod';
import type { BatchDetail as BatchDetailSchema } from '#shared/http/schemas/batch-schemas.js';

export interface CheckInput {
  api: string;
  accounts: LoadAccounts;
  records: Record<string, RouteRecord>;
  arrivals: () => Arrival[];
  /** How long queued work (batches, deliveries) may take to finish after the load. */
  drainDeadlineMs: number;
  log: (line: string) => void;
}

type BatchDetail = z.output<typeof BatchDetailSchema>;

/**
 * Reads until `done` or the deadline. A read that fails (a 5xx while the service catches up after a
 * fault) is tried again a second later; only the last one's failure is thrown.
 */
async function waitFor<T>(deadline: number, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    try {
      const value = await read();
      if (done(value) || Date.now() >= deadline) return value;
    } catch (error) {
      if (Date.now() >= deadline) throw error;
    }
    await sleep(1_000);
  }
}

/** Counters of the accounts that made authenticated scans, read keys and wrote watched sites. */
async function usageChecks({ api, accounts, records }: CheckInput): Promise<InvariantResult[]> {
  const results: InvariantResult[] = [];
  const scans = tally(records.scan!);
  const scanner = await usageOf(api, accounts.scanner.key);
  const scanCalls = metered(scans);
  results.push(
    countWithin(
      'usage.scans.monthlyApiCalls',
      scanner.monthlyApiCalls - accounts.scanner.baseline.monthlyApiCalls,
      scanCalls.definite,
      scanCalls.ambiguous,
    ),
  );
  // A scan counts when it succeeds: a 502/504 gives its scan of the day back.
  results.push(
    countWithin('usage.scans.dailyScans', scanner.dailyScans - accounts.scanner.baseline.dailyScans, countOf(scans, 200), scans.unsettled),
  );

  const reader = await usageOf(api, accounts.reader.key);
  results.push(countWithin('usage.accountRoutes.unmetered', reader.monthlyApiCalls - accounts.reader.baseline.monthlyApiCalls, 0));
  const keys = tally(records.createKey!);
  const keyList = await expectOk<{ keys: unknown[] }>(api, 'GET', '/api/v1/account/api-keys', accounts.reader.key);
  results.push(countWithin('keys.listedEqualsCreated', keyList.keys.length, 1 + countOf(keys, 201), keys.unsettled));

  const sites = tally(records.addWatchedSite!);
  const sitesUsage = await usageOf(api, accounts.sites.key);
  const siteCalls = metered(sites);
  results.push(
    countWithin(
      'usage.watchedSites.monthlyApiCalls',
      sitesUsage.monthlyApiCalls - accounts.sites.baseline.monthlyApiCalls,
      siteCalls.definite,
      siteCalls.ambiguous,
    ),
  );
  const listed = await expectOk<{ sites: unknown[] }>(api, 'GET', '/api/v1/watched-sites', accounts.sites.key);
  results.push(countWithin('watchedSites.listedEqualsCreated', listed.sites.length, countOf(sites, 201), sites.unsettled));
  return results;
}

/** N watched-site creates at once, after the load: every one answers 201 and the list grows by exactly N. */
export async function concurrentCreates(api: string, key: string, shop: string, count: number): Promise<InvariantResult> {
  const before = (await expectOk<{ sites: unknown[] }>(api, 'GET', '/api/v1/watched-sites', key)).sites.length;
  const run = Date.now().toString(36);
  const answers = await Promise.all(
    Array.from({ length: count }, (_, index) => call(api, 'POST', '/api/v1/watched-sites', key, { url: `${shop}/burst-${run}-${index}` })),
  );
  const after = (await expectOk<{ sites: unknown[] }>(api, 'GET', '/api/v1/watched-sites', key)).sites.length;
  const created = answers.filter((answer) => answer.status === 201).length;
  const ok = created === count && after - before === count;
  return {
    name: 'watchedSites.concurrentCreatesListN',
    ok,
    detail: `${count} at once: ${created} answered 201, the list grew by ${after - before}`,
  };
}

interface AccountBatches {
  account: BatchAccount;
  batches: BatchDetail[];
}

/**
 * The checks' own reads of batches are metered calls too, counted here per account: `definite` for an
 * answer below 500, `ambiguous` for a 5xx or none (its count may have landed).
 */
const ownCalls = new Map<number, { definite: number; ambiguous: number }>();
/** A batch in a final state no longer changes: read once. */
const finalBatches = new Map<string, BatchDetail>();
const reads = pLimit(4);

async function meteredRead<T>(api: string, path: string, account: BatchAccount): Promise<T> {
  const own = ownCalls.get(account.index) ?? { definite: 0, ambiguous: 0 };
  ownCalls.set(account.index, own);
  const answer = await reads(() => call<T>(api, 'GET', path, account.key)).catch((error: unknown) => {
    own.ambiguous += 1;
    throw error;
  });
  if (answer.status >= 500) own.ambiguous += 1;
  else own.definite += 1;
  if (answer.status >= 300) throw new Error(`GET ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

async function batchesOf(api: string, account: BatchAccount): Promise<BatchDetail[]> {
  const list = await meteredRead<{ batches: Array<{ id: string }> }>(api, '/api/v1/batch/scans?limit=100', account);
  return Promise.all(
    list.batches.map(async ({ id }) => {
      const known = finalBatches.get(id);
      if (known) return known;
      const batch = await meteredRead<BatchDetail>(api, `/api/v1/batch/scan/${id}`, account);
      if (isFinal(batch)) finalBatches.set(id, batch);
      return batch;
    }),
  );
}

const isFinal = (batch: BatchDetail) => batch.status === 'completed' || batch.status === 'failed';

async function batchChecks(
  input: CheckInput,
  acceptedIds: ReadonlyMap<number, readonly string[]>,
  deadline: number,
): Promise<{ results: InvariantResult[]; settled: AccountBatches[] }> {
  const { api, accounts, records, log } = input;
  log(`Waiting for every batch to reach a final state (at most ${Math.round((deadline - Date.now()) / 1000)} s)`);
  const settled = await Promise.all(
    accounts.batches.map(async (account) => ({
      account,
      batches: await waitFor(
        deadline,
        () => batchesOf(api, account),
        (batches) => batches.every(isFinal),
      ),
    })),
  );
  const notFinal: string[] = [];
  const unlisted: string[] = [];
  const inconsistent: string[] = [];
  let definiteCalls = 0;
  let ambiguousCalls = 0;
  let definiteScans = 0;
  let ambiguousScans = 0;
  let callsCounted = 0;
  let scansCounted = 0;
  let listedTotal = 0;
  let acceptedTotal = 0;
  let unsettledTotal = 0;
  for (const { account, batches } of settled) {
    const tallied = tally(records.batchScan!, String(account.index));
    const accepted = acceptedIds.get(account.index) ?? [];
    const listedIds = new Set(batches.map((batch) => batch.id));
    unlisted.push(...accepted.filter((id) => !listedIds.has(id)));
    listedTotal += batches.length;
    acceptedTotal += accepted.length;
    unsettledTotal += tallied.unsettled;
    for (const batch of batches) {
      if (!isFinal(batch)) notFinal.push(`${batch.id} ${batch.status}`);
      if (isFinal(batch) && batch.completedUrls + batch.failedUrls !== batch.totalUrls) inconsistent.push(batch.id);
      const scanned = batch.results.filter((item) => item.status === 'completed').length;
      // A failed item may have been counted (a scan given back keeps its API call), and an item not done
      // yet may have been counted by an attempt that has not finished: open either way.
      const failed = batch.results.filter(
        (item) =>
          (item.status === 'failed' && !(item.error ?? '').startsWith('Not scanned')) ||
          item.status === 'pending' ||
          item.status === 'processing',
      ).length;
      definiteScans += scanned;
      ambiguousScans += failed;
      definiteCalls += scanned;
      ambiguousCalls += failed;
    }
    const batchCalls = metered(tallied);
    definiteCalls += batchCalls.definite;
    ambiguousCalls += batchCalls.ambiguous;
    const usage = await usageOf(api, account.key);
    const own = ownCalls.get(account.index) ?? { definite: 0, ambiguous: 0 };
    callsCounted += usage.monthlyApiCalls - account.baseline.monthlyApiCalls - own.definite;
    ambiguousCalls += own.ambiguous;
    scansCounted += usage.dailyScans - account.baseline.dailyScans;
  }
  const results = [
    countWithin('batches.listedEqualsAccepted', listedTotal, acceptedTotal, unsettledTotal),
    allTrue('batches.acceptedAreListed', unlisted, acceptedTotal),
    allTrue('batches.reachFinalState', notFinal, listedTotal),
    allTrue('batches.itemsAddUp', inconsistent, listedTotal),
    countWithin('usage.batches.monthlyApiCalls', callsCounted, definiteCalls, ambiguousCalls),
    countWithin('usage.batches.dailyScans', scansCounted, definiteScans, ambiguousScans),
  ];
  return { results, settled };
}

interface DeliveryLog {
  deliveries: Array<{ eventId: string; eventType: string; success: boolean; test: boolean }>;
}

/** The most recent attempts a webhook's delivery log shows (docs/guide.md "Webhooks"). */
const deliveryLogLength = 50;

/**
 * Every event the batches raised (batch_complete per finished batch, scan_complete per scanned item)
 * reached its receiver with a 2xx exactly once, and the delivery log records exactly one success for
 * each of those ids and none for any other.
 */
async function webhookChecks(input: CheckInput, settled: readonly AccountBatches[], deadline: number): Promise<InvariantResult[]> {
  const { api, arrivals, log } = input;
  const answeredFor = (path: string) => arrivals().filter((arrival) => arrival.path === path && arrival.outcome === 'answered');
  const expected = new Map(
    settled.map(({ account, batches }) => [
      account.index,
      {
        batch_complete: batches.filter(isFinal).length,
        scan_complete: batches.reduce((sum, batch) => sum + batch.results.filter((item) => item.status === 'completed').length, 0),
      },
    ]),
  );
  const total = (index: number) => (expected.get(index)?.batch_complete ?? 0) + (expected.get(index)?.scan_complete ?? 0);
  log('Waiting for every webhook event to be delivered');
  await waitFor(
    deadline,
    async () => settled.map(({ account }) => new Set(answeredFor(account.hookPath).map((arrival) => arrival.webhookId)).size),
    (counts) => counts.every((count, position) => count >= total(settled[position]!.account.index)),
  );
  const missing: string[] = [];
  const twice: string[] = [];
  const logMismatches: string[] = [];
  const logRepeats: string[] = [];
  let partialLogs = 0;
  for (const { account } of settled) {
    const answered = answeredFor(account.hookPath);
    const want = expected.get(account.index)!;
    for (const type of ['batch_complete', 'scan_complete'] as const) {
      const got = new Set(answered.filter((arrival) => arrival.type === type).map((arrival) => arrival.webhookId)).size;
      if (got !== want[type]) missing.push(`account ${account.index} ${type}: ${got} delivered, ${want[type]} raised`);
    }
    twice.push(...repeated(answered.map((arrival) => arrival.webhookId)));
    const answeredIds = answered.map((arrival) => arrival.webhookId);
    // The log is written after the answer: give the last attempts a moment to land.
    const logOf = () => expectOk<DeliveryLog>(api, 'GET', `/api/v1/webhooks/${account.webhookId}/deliveries`, account.key);
    const successIds = (entries: DeliveryLog) =>
      entries.deliveries.filter((entry) => entry.success && !entry.test).map((entry) => entry.eventId);
    const entries = await waitFor(
      Math.min(deadline, Date.now() + 15_000),
      logOf,
      (current) => current.deliveries.length >= deliveryLogLength || sameSet('', successIds(current), answeredIds, '', '').ok,
    );
    const successes = successIds(entries);
    logRepeats.push(...repeated(successes));
    if (entries.deliveries.length >= deliveryLogLength) {
      partialLogs += 1;
      const answeredSet = new Set(answeredIds);
      logMismatches.push(
        ...successes.filter((id) => !answeredSet.has(id)).map((id) => `account ${account.index}: ${id} logged, not received`),
      );
    } else {
      const compared = sameSet(`account ${account.index}`, successes, answeredIds, 'the log', 'the receiver');
      if (!compared.ok) logMismatches.push(`${compared.name}: ${compared.detail}`);
    }
  }
  if (partialLogs > 0) log(`${partialLogs} delivery log(s) held their last ${deliveryLogLength} attempts only: compared what they show`);
  const events = settled.reduce((sum, { account }) => sum + total(account.index), 0);
  return [
    allTrue('webhooks.everyEventDelivered', missing, events),
    allTrue('webhooks.deliveredOnce', twice, events),
    allTrue('webhooks.loggedOnce', logRepeats, events),
    allTrue('webhooks.logMatchesReceivers', logMismatches, settled.length),
  ];
}

/** Every invariant, by name. */
export async function checkInvariants(
  input: CheckInput,
  acceptedBatchIds: ReadonlyMap<number, readonly string[]>,
): Promise<InvariantResult[]> {
  const deadline = Date.now() + input.drainDeadlineMs;
  const { results: batchResults, settled } = await batchChecks(input, acceptedBatchIds, deadline);
  const webhookResults = await webhookChecks(input, settled, deadline);
  const usageResults = await usageChecks(input);
  return [...usageResults, ...batchResults, ...webhookResults];
}
