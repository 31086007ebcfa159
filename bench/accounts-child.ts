/**
 * Child process of the accounts figures: starts a local stack (DynamoDB Local in memory, every port
 * free, the rescan timer off), times the accounts API against it and prints one JSON line. A process
 * of its own because startLocalStack sets process.env and the handlers read the configuration once.
 *
 * 1. Enumeration by timing: POST /api/v1/auth/register for a known address (registered once, its
 *    sign-in mail seen in the SES stand-in's /store) against a fresh address each time, interleaved.
 * 2. Authentication overhead: GET /api/v1/account with a key from the real sign-in flow against
 *    GET /api/v1/account/plans (no auth), interleaved.
 * 3. Rate-limit contention: 150 concurrent GET /api/pricing from one address (limit 100 per hour):
 *    how many were admitted, and each request's latency.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { quietLog } from '../bin/local/log.js';
import { startLocalStack, type LocalStack } from '../bin/local/stack.js';
import { waitUntil } from '../bin/local/wait-until.js';

const WARMUP = 20;
const SAMPLES = 200;
const PRICING_BURST = 150;

interface StoredMail {
  destination: { to: string[] };
  body: { text: string };
}

interface Timed {
  status: number;
  ms: number;
  text: string;
}

async function timed(url: string, init: RequestInit = {}): Promise<Timed> {
  const start = performance.now();
  const response = await fetch(url, init);
  const text = await response.text();
  return { status: response.status, ms: performance.now() - start, text };
}

function expectStatus(answer: Timed, status: number, what: string): void {
  if (answer.status !== status) throw new Error(`${what} answered ${answer.status} (expected ${status}): ${answer.text.slice(0, 300)}`);
}

async function storedMails(stack: LocalStack): Promise<StoredMail[]> {
  const response = await fetch(stack.urls.sesStore);
  return ((await response.json()) as { emails: StoredMail[] }).emails;
}

async function waitForMails(stack: LocalStack, count: number, description: string, timeoutMs = 30_000): Promise<StoredMail[]> {
  let mails: StoredMail[] = [];
  await waitUntil(
    async () => {
      mails = await storedMails(stack);
      return mails.length >= count;
    },
    { timeoutMs, intervalMs: 100, description },
  );
  return mails;
}

function email(tag: string): string {
  return `${tag}-${randomUUID().slice(0, 8)}@shop.example.com`;
}

function tokenFrom(mail: StoredMail): string {
  const match = /[?&]token=([A-Za-z0-9_-]{43})/.exec(mail.body.text);
  if (!match) throw new Error(`No sign-in link in the mail: ${mail.body.text}`);
  return match[1]!;
}

async function main(): Promise<void> {
  const stack = await startLocalStack({
    port: 0,
    dynamodbPort: 0,
    sqsPort: 0,
    sesPort: 0,
    inMemory: true,
    rescanIntervalMs: 0,
    env: {
      LOG_LEVEL: 'ERROR',
      REGISTER_LIMIT_PER_HOUR: '100000',
      SIGN_IN_MAILS_PER_WINDOW_PER_MAILBOX: '100000',
      SIGN_IN_MAILS_PER_DAY_PER_MAILBOX: '100000',
      FREE_API_CALLS_MONTHLY: '1000000',
      // Part 2 makes 220 calls to an account route with one key; their own limit is 120 an hour.
      ACCOUNT_ROUTES_LIMIT_PER_HOUR: '100000',
    },
    log: quietLog,
  });
  const stop = () => stack.stop();
  const onSignal = (signal: NodeJS.Signals) => {
    void stop().finally(() => process.kill(process.pid, signal));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    const api = stack.urls.api;
    const register = async (address: string) => {
      const answer = await timed(`${api}/api/v1/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: address }),
      });
      expectStatus(answer, 202, `register ${address}`);
      return answer.ms;
    };

    // The known address: an account that exists once its first sign-in mail is out.
    const known = email('known');
    await register(known);
    await waitForMails(stack, 1, `the first sign-in mail to ${known}`);

    // Part 1: known, unknown, known, … (warm-up first, not counted).
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    for (let index = 0; index < WARMUP + SAMPLES; index += 1) {
      const knownTime = await register(known);
      const unknownTime = await register(email('fresh'));
      if (index >= WARMUP) {
        knownMs.push(knownTime);
        unknownMs.push(unknownTime);
      }
    }
    // Let the mail worker finish, so part 2 does not share the stack with 440 mail jobs.
    const requests = 1 + 2 * (WARMUP + SAMPLES);
    const drainStart = performance.now();
    const mails = await waitForMails(stack, requests, `${requests} sign-in mails`, 45_000);
    const drainMs = performance.now() - drainStart;
    const mailsToKnown = mails.filter((mail) => mail.destination.to.includes(known)).length;

    // Part 2: sign in through the real flow, then the authenticated GET against the public one.
    const user = email('signin');
    await register(user);
    const userMails = (await waitForMails(stack, requests + 1, `the sign-in mail to ${user}`)).filter((mail) =>
      mail.destination.to.includes(user),
    );
    if (userMails.length !== 1) throw new Error(`Expected one mail to ${user}, found ${userMails.length}`);
    const verified = await timed(`${api}/api/v1/auth/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: tokenFrom(userMails[0]!) }),
    });
    expectStatus(verified, 200, 'verify');
    const apiKey = (JSON.parse(verified.text) as { apiKey: string }).apiKey;
    await sleep(100);

    const accountMs: number[] = [];
    const plansMs: number[] = [];
    for (let index = 0; index < WARMUP + SAMPLES; index += 1) {
      const account = await timed(`${api}/api/v1/account`, { headers: { authorization: `Bearer ${apiKey}` } });
      expectStatus(account, 200, 'GET /api/v1/account');
      const plans = await timed(`${api}/api/v1/account/plans`);
      expectStatus(plans, 200, 'GET /api/v1/account/plans');
      if (index >= WARMUP) {
        accountMs.push(account.ms);
        plansMs.push(plans.ms);
      }
    }

    // Part 3: one burst at the pricing limit, from the one address this child calls from.
    const burst = await Promise.all(Array.from({ length: PRICING_BURST }, () => timed(`${api}/api/pricing`)));
    const pricingBurstMs = burst.map((answer) => answer.ms);
    const pricingAdmitted = burst.filter((answer) => answer.status === 200).length;
    const pricingRefused = burst.filter((answer) => answer.status === 429).length;

    console.log(
      JSON.stringify({
        warmup: WARMUP,
        samples: SAMPLES,
        knownMs,
        unknownMs,
        accountMs,
        plansMs,
        mailsToKnown,
        mailsTotal: mails.length,
        drainMs,
        pricingBurstMs,
        pricingAdmitted,
        pricingRefused,
      }),
    );
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    await stop();
  }
}

await main();
