/**
 * `npm run load -- --seconds N [--faults] [--url U --ses S]`: a mixed load against a local service (one
 * it starts itself unless --url names one), then the invariants. The last stdout line is one JSON
 * object; the exit code is 0 only with no 5xx outside the fault windows and no failed invariant.
 * Traffic goes to 127.0.0.1 only. docs/guide.md "Measuring: load and fuzz".
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '#shared/config.js';
import { startLocalService, type LocalService } from '../support/local-service.js';
import { createAccounts } from './accounts.js';
import { parseLoadArgs } from './args.js';
import { checkInvariants, concurrentCreates } from './checks.js';
import { localIamRefusedNothing } from './iam-invariant.js';
import { databaseFaults, type DatabaseFaults } from './dynamodb-faults.js';
import { databaseGraceMs, type FaultWindow } from './fault-windows.js';
import { faultSchedule } from './fault-schedule.js';
import { tallyFailures } from './failures.js';
import { startSlowReceiver, type SlowReceiver } from './receivers.js';
import { loadServiceSettings } from './service-settings.js';
import { buildSummary, summaryLine } from './summary.js';
import { startScanTargets } from './targets.js';
import { runRoutes, type RouteLoad } from './traffic.js';

const log = (line: string) => process.stderr.write(`[load] ${line}\n`);

const cleanups: Array<() => Promise<void>> = [];
let cleaning: Promise<void> | undefined;
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => log(`cleanup: ${(error as Error).message}`));
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping`);
    void cleanUp().then(() => process.exit(130));
  });
}

/** Scans take their URL from here; the shops answer every request after this much latency. */
const shopCount = 3;
const shopLatencyMs = 50;
/** Batches per growth account: with 3 events each, its webhook's delivery log (last 50) holds them all. */
const batchesPerAccount = 10;
const concurrentSiteCreates = 25;
/** The batch, account and sites functions' deadline (lib/function-catalog.ts): no request of theirs runs longer. */
const settleMs = 10_000;

async function main(): Promise<number> {
  const options = parseLoadArgs(process.argv.slice(2));
  const wallStart = performance.now();

  const targets = await startScanTargets(shopCount, shopLatencyMs);
  cleanups.push(() => targets.stop());
  const receivers: SlowReceiver[] = await Promise.all([startSlowReceiver(300), startSlowReceiver(1_000)]);
  cleanups.push(() => Promise.all(receivers.map((receiver) => receiver.close())).then(() => undefined));
  log(
    `Shops ${targets.shops.join(' ')} (latency ${shopLatencyMs} ms), resetting target ${targets.resetting}, webhook receivers ${receivers.map((r) => r.origin).join(' ')} (answer after 300 ms and 1 s)`,
  );

  let service: Pick<LocalService, 'api' | 'ses'> & { dynamodbPort?: number };
  if (options.url === null) {
    log(
      `Starting the service (npm start) with: ${Object.entries(loadServiceSettings)
        .map(([name, value]) => `${name}=${value}`)
        .join(' ')}`,
    );
    const started = await startLocalService({ ...loadServiceSettings });
    cleanups.push(() => started.stop());
    service = started;
    log(`Service at ${started.api}, DynamoDB Local on port ${started.dynamodbPort}, data in ${started.dataDir}`);
  } else {
    service = { api: options.url, ses: options.ses! };
    log(`Driving ${options.url}: it needs the raised limits of bench/load/service-settings.ts, or its answers will be 429s`);
  }
  const serviceConfig = loadConfig({ ...process.env, ...(options.url === null ? loadServiceSettings : {}) });
  const graceMs = databaseGraceMs({
    connectTimeoutMs: serviceConfig.dynamodbConnectTimeoutMs,
    requestTimeoutMs: serviceConfig.dynamodbRequestTimeoutMs,
    maxAttempts: serviceConfig.dynamodbMaxAttempts,
  });

  const batchAccounts = Math.max(1, Math.ceil(options.seconds / batchesPerAccount));
  log(`Signing up accounts (3 + ${batchAccounts} growth accounts with a webhook each)`);
  const accounts = await createAccounts(
    service,
    batchAccounts,
    receivers.map((receiver) => receiver.origin),
  );

  let next = 0;
  const shop = () => targets.shops[next++ % targets.shops.length]!;
  const run = Date.now().toString(36);
  let batchesSent = 0;
  const acceptedBatchIds = new Map<number, string[]>();
  const routes: RouteLoad[] = [
    { name: 'publicScan', method: 'POST', path: '/api/scan', key: null, connections: 2, body: () => ({ url: `${shop()}/` }) },
    { name: 'scan', method: 'POST', path: '/api/v1/scan', key: accounts.scanner.key, connections: 2, body: () => ({ url: `${shop()}/` }) },
    { name: 'accountRead', method: 'GET', path: '/api/v1/account', key: accounts.reader.key, connections: 2 },
    {
      name: 'createKey',
      method: 'POST',
      path: '/api/v1/account/api-keys',
      key: accounts.reader.key,
      connections: 1,
      body: () => ({ label: 'load' }),
    },
    {
      name: 'addWatchedSite',
      method: 'POST',
      path: '/api/v1/watched-sites',
      key: accounts.sites.key,
      connections: 1,
      body: () => ({ url: `${shop()}/site-${run}-${next}` }),
    },
    {
      name: 'batchScan',
      method: 'POST',
      path: '/api/v1/batch/scan',
      key: null,
      connections: 1,
      rate: 1,
      prepare: () => {
        const account = accounts.batches[Math.floor(batchesSent++ / batchesPerAccount) % accounts.batches.length]!;
        return { key: account.key, tag: String(account.index) };
      },
      body: () => ({ urls: [`${targets.shops[0]}/`, `${targets.shops[1]}/`] }),
      onAnswer: (status, body, tag) => {
        if (status !== 202 || tag === undefined) return;
        const ids = acceptedBatchIds.get(Number(tag)) ?? [];
        ids.push((JSON.parse(body) as { batchId: string }).batchId);
        acceptedBatchIds.set(Number(tag), ids);
      },
    },
  ];
  if (options.faults) {
    routes.push({
      name: 'publicScanResettingTarget',
      method: 'POST',
      path: '/api/scan',
      key: null,
      connections: 1,
      body: () => ({ url: `${targets.resetting}/` }),
    });
  }

  const windows: FaultWindow[] = [];
  let faults: DatabaseFaults | null = null;
  const loadStart = performance.now();
  const elapsedMs = () => performance.now() - loadStart;
  log(`Load for ${options.seconds} s on ${routes.length} routes${options.faults ? ' with faults' : ''}`);
  const load = runRoutes(service.api, routes, options.seconds, elapsedMs);
  cleanups.push(async () => load.stop());

  let faultRun: Promise<void> = Promise.resolve();
  if (options.faults && service.dynamodbPort !== undefined) {
    const database = databaseFaults(service.dynamodbPort);
    faults = database;
    cleanups.push(() => database.stop());
    const schedule = faultSchedule(options.seconds);
    const at = (ms: number) => sleep(Math.max(0, ms - elapsedMs()));
    const open = (name: string, affectsApi: boolean) => {
      const window: FaultWindow = { name, startMs: elapsedMs(), endMs: null, affectsApi };
      windows.push(window);
      log(`fault ${name} from ${(window.startMs / 1000).toFixed(1)} s`);
      return window;
    };
    const close = (window: FaultWindow) => {
      window.endMs = elapsedMs();
      log(`fault ${window.name} ended at ${(window.endMs / 1000).toFixed(1)} s`);
    };
    windows.push({ name: 'resettingTarget', startMs: 0, endMs: options.seconds * 1_000, affectsApi: false });
    faultRun = Promise.all([
      (async () => {
        await at(schedule.hangAtMs);
        const window = open('webhookReceiverHang', false);
        receivers[0]!.hangUntil(Date.now() + schedule.hangMs);
        await sleep(schedule.hangMs);
        close(window);
      })(),
      (async () => {
        await at(schedule.pauseAtMs);
        const paused = open('dynamodbPause', true);
        await database.pause(schedule.pauseMs);
        close(paused);
        await at(schedule.restartAtMs);
        const restarted = open('dynamodbRestart', true);
        await database.restart();
        close(restarted);
      })(),
    ]).then(() => undefined);
  }

  const records = await load.done;
  const durationSeconds = elapsedMs() / 1000;
  await faultRun;
  log(
    `Load done: ${records.reduce((sum, record) => sum + record.answers.length, 0)} answers in ${durationSeconds.toFixed(1)} s; checking invariants`,
  );

  // Requests cut off when the load stopped may still be running in the service: wait out the batch,
  // account and sites functions' 10-second deadline so what the checks list no longer changes under them
  // (a scan cut off may still count later; its counters' checks allow for it).
  await sleep(Math.max(0, settleMs - (elapsedMs() - durationSeconds * 1000)));
  const byName = Object.fromEntries(records.map((record) => [record.name, record]));
  const invariants = await checkInvariants(
    {
      api: service.api,
      accounts,
      records: byName,
      arrivals: () => receivers.flatMap((receiver) => receiver.arrivals),
      drainDeadlineMs: options.faults ? 300_000 : 120_000,
      log,
    },
    acceptedBatchIds,
  );
  invariants.push(await concurrentCreates(service.api, accounts.sites.key, targets.shops[0]!, concurrentSiteCreates));
  if (options.url === null) invariants.push(await localIamRefusedNothing(service.api));
  for (const result of invariants) log(`${result.ok ? 'ok  ' : 'FAIL'} ${result.name}: ${result.detail}`);

  const failures = tallyFailures(records, new Set(['publicScanResettingTarget']), windows, graceMs);
  for (const failure of failures.outside.slice(0, 20))
    log(`5xx outside the fault windows: ${failure.route} ${failure.status ?? 'no answer'} at ${(failure.atMs / 1000).toFixed(1)} s`);
  if (options.faults)
    log(
      `Fault windows count ${(graceMs / 1000).toFixed(0)} s of grace after each DynamoDB fault; ${failures.inWindow.length} 5xx inside them`,
    );

  const summary = buildSummary({
    requests: records.reduce((sum, record) => sum + record.answers.length + record.noAnswer.length, 0),
    errors5xx: failures.outside.length,
    errors5xxInFaultWindows: failures.inWindow.length,
    expectedUpstreamFailures: failures.expectedUpstream.length,
    routes: Object.fromEntries(
      records.map((record) => [
        record.name,
        {
          sent: record.sent,
          rps: record.answers.length / durationSeconds,
          p50: record.result?.latency.p50 ?? 0,
          p99: record.result?.latency.p99 ?? 0,
        },
      ]),
    ),
    durationSeconds,
    invariants,
    faults: options.faults ? windows : null,
  });
  await faults?.stop();
  log(`Wall time ${((performance.now() - wallStart) / 1000).toFixed(1)} s`);
  const { line, exitCode } = summaryLine(summary);
  await cleanUp();
  process.stdout.write(`${line}\n`);
  return exitCode;
}

main().then(
  (code) => process.exit(code),
  async (error: unknown) => {
    log(`failed: ${(error as Error).stack ?? String(error)}`);
    await cleanUp();
    process.stdout.write(
      `${JSON.stringify({ requests: 0, errors5xx: 0, invariantsFailed: 1, routes: {}, error: (error as Error).message })}\n`,
    );
    process.exit(1);
  },
);
