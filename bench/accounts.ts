/**
 * The accounts API on a real local stack (DynamoDB Local, fauxqs, aws-ses-v2-local), timed by a child
 * process (accounts-child.ts, run with tsx) because the stack sets process.env and the handlers read the
 * configuration once per process.
 *
 * 1. Enumeration by timing: POST /api/v1/auth/register for a known address against fresh addresses,
 *    interleaved, after a warm-up; medians, p90s and the known/unknown ratio of the medians.
 * 2. Authentication overhead: GET /api/v1/account (Bearer key from the real sign-in flow) against
 *    GET /api/v1/account/plans (no auth), interleaved; medians and their difference.
 * 3. Rate-limit contention: 150 concurrent GET /api/pricing from one address (limit 100): admitted
 *    and refused counts, p50 and p99 latency (target p99 under 1 s).
 *
 * `npx tsx bench/accounts.ts` runs this part alone.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, percentile, round } from './stats.js';

export interface TimingStats {
  medianMs: number;
  p90Ms: number;
}

export interface AccountsStats {
  warmup: number;
  samples: number;
  register: {
    known: TimingStats;
    unknown: TimingStats;
    /** known median / unknown median: 1 means the response time does not tell the addresses apart. */
    ratio: number;
    /** Sign-in mails the known address received (one before timing, one per known request). */
    mailsToKnown: number;
    mailsTotal: number;
    /** How long the mail worker still needed after the last register request. */
    mailDrainMs: number;
  };
  auth: {
    account: TimingStats;
    plans: TimingStats;
    /** account median minus plans median. */
    overheadMs: number;
  };
  pricingBurst: {
    requests: number;
    admitted: number;
    refused: number;
    p50Ms: number;
    p99Ms: number;
  };
  elapsedS: number;
}

interface ChildOutput {
  warmup: number;
  samples: number;
  knownMs: number[];
  unknownMs: number[];
  accountMs: number[];
  plansMs: number[];
  mailsToKnown: number;
  mailsTotal: number;
  drainMs: number;
  pricingBurstMs: number[];
  pricingAdmitted: number;
  pricingRefused: number;
}

const CHILD = fileURLToPath(new URL('./accounts-child.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));
const CHILD_TIMEOUT_MS = 180_000;

function runChild(): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGTERM'), CHILD_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolvePromise(stdout);
      else reject(new Error(`accounts child exited ${code ?? signal}: ${stderr.trim() || stdout.trim()}`));
    });
  });
}

function timing(values: readonly number[]): TimingStats {
  return { medianMs: round(median(values), 2), p90Ms: round(percentile(values, 90), 2) };
}

export async function runAccountsBench(): Promise<AccountsStats> {
  const started = performance.now();
  const stdout = await runChild();
  // The last JSON line; the handlers' logger may print before it.
  const line = stdout
    .trim()
    .split('\n')
    .reverse()
    .find((text) => text.startsWith('{"warmup"'));
  if (!line) throw new Error(`The accounts child printed no result: ${stdout.slice(-500)}`);
  const out = JSON.parse(line) as ChildOutput;
  const knownMedian = median(out.knownMs);
  const unknownMedian = median(out.unknownMs);
  return {
    warmup: out.warmup,
    samples: out.samples,
    register: {
      known: timing(out.knownMs),
      unknown: timing(out.unknownMs),
      ratio: round(knownMedian / unknownMedian, 3),
      mailsToKnown: out.mailsToKnown,
      mailsTotal: out.mailsTotal,
      mailDrainMs: Math.round(out.drainMs),
    },
    auth: {
      account: timing(out.accountMs),
      plans: timing(out.plansMs),
      overheadMs: round(median(out.accountMs) - median(out.plansMs), 2),
    },
    pricingBurst: {
      requests: out.pricingBurstMs.length,
      admitted: out.pricingAdmitted,
      refused: out.pricingRefused,
      p50Ms: round(median(out.pricingBurstMs), 1),
      p99Ms: round(percentile(out.pricingBurstMs, 99), 1),
    },
    elapsedS: round((performance.now() - started) / 1000),
  };
}

export function printAccounts(stats: AccountsStats): void {
  const { register, auth } = stats;
  console.log(
    `\nAccounts API on a local stack (child process; ${stats.warmup} warm-up + ${stats.samples} timed requests of each kind, interleaved; ${stats.elapsedS} s)`,
  );
  console.log(`${''.padEnd(34)}${'median ms'.padStart(11)}${'p90 ms'.padStart(9)}`);
  const row = (label: string, t: TimingStats) =>
    console.log(`${label.padEnd(34)}${String(t.medianMs).padStart(11)}${String(t.p90Ms).padStart(9)}`);
  row('register, known address', register.known);
  row('register, unknown address', register.unknown);
  row('GET /api/v1/account (Bearer key)', auth.account);
  row('GET /api/v1/account/plans', auth.plans);
  console.log(`  register known/unknown median ratio ${register.ratio.toFixed(3)} (1 = indistinguishable by time)`);
  console.log(`  authenticated request overhead: ${auth.overheadMs} ms (account median - plans median)`);
  const burst = stats.pricingBurst;
  console.log(
    `  ${burst.requests} concurrent GET /api/pricing from one address (limit 100): ${burst.admitted} admitted, ${burst.refused} refused; p50 ${burst.p50Ms} ms, p99 ${burst.p99Ms} ms (target p99 < 1000 ms: ${burst.p99Ms < 1000 ? 'ok' : 'MISSED'})`,
  );
  console.log(
    `  sign-in mails: ${register.mailsToKnown} to the known address, ${register.mailsTotal} in all; the mail worker finished ${register.mailDrainMs} ms after the last register`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  printAccounts(await runAccountsBench());
}
