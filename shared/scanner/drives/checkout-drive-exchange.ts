import { randomUUID } from 'node:crypto';
import type { Retrieval } from '#shared/scanner/artifacts.js';
import type {
  CheckoutComparison,
  CheckoutDriveReport,
  CheckoutDriveStep,
  CheckoutProtocol,
  DrivenProduct,
} from '#shared/scanner/drives/drive-report.js';
import type { FetchSession } from '#shared/scanner/fetch-session.js';
import { isJson, parseJson } from '#shared/scanner/drives/probe-retrieval.js';
import { redactedAnswer } from '#shared/scanner/drives/redact-answer.js';
import { answerLine } from '#shared/scanner/checks/agentic-commerce/answer-excerpt.js';

export interface CheckoutDriveOptions {
  /** The whole drive's time, already within what the scan has left. */
  budgetMs: number;
  round: number;
  now: () => number;
  newId?: () => string;
}

/** No request waits longer; create and read each leave the cancel this much of the drive's time. */
const requestTimeoutMs = 5_000;
export const cancelReserveMs = 1_500;
const minimumRequestMs = 300;
/** A session id is put in URLs and evidence: one longer than this is not one an agent could use. */
export const maxSessionIdLength = 200;

export type Sent = { retrieval: Retrieval; json: unknown };

export interface DriveExchange {
  /** Sends one step (through the scan's guarded fetch, no redirect followed), keeping `reserveMs` of the drive for later steps. */
  send: (step: CheckoutDriveStep['step'], method: 'GET' | 'POST', url: string, body: string | null, reserveMs: number) => Promise<Sent>;
  finish: (
    outcome: CheckoutDriveReport['outcome'],
    detail: string,
    comparisons?: CheckoutDriveReport['comparisons'],
  ) => CheckoutDriveReport;
}

/**
 * The requests of one checkout drive and the report they make: each request carries the protocol's headers, a
 * Request-Id and (POSTs) an Idempotency-Key and a JSON content type; its answer is kept redacted, with any of
 * `secrets` (the owner's credential, should a server echo it) replaced before anything else reads it.
 */
export function driveExchange(
  session: FetchSession,
  report: { protocol: CheckoutProtocol; endpoint: string; product: DrivenProduct },
  options: CheckoutDriveOptions & { headers: Record<string, string>; secrets?: readonly string[] },
): DriveExchange {
  const started = options.now();
  const deadline = started + options.budgetMs;
  const newId = options.newId ?? randomUUID;
  const steps: CheckoutDriveStep[] = [];
  const hide = (text: string) => (options.secrets ?? []).reduce((kept, secret) => kept.split(secret).join('[redacted]'), text);

  return {
    async send(step, method, url, body, reserveMs) {
      const left = deadline - options.now() - reserveMs;
      const timeoutMs = Math.min(requestTimeoutMs, left);
      const sentAt = options.now();
      const retrieval: Retrieval =
        timeoutMs < minimumRequestMs
          ? { state: 'skipped', reason: 'deadline' }
          : await session.send(
              url,
              {
                kind: 'api',
                method,
                accept: 'application/json',
                followRedirects: false,
                headers: {
                  ...options.headers,
                  'request-id': newId(),
                  ...(method === 'POST' ? { 'idempotency-key': newId(), 'content-type': 'application/json' } : {}),
                },
                ...(body === null ? {} : { body }),
                timeouts: { headersMs: timeoutMs, bodyMs: timeoutMs, requestMs: timeoutMs },
              },
              options.round + steps.length,
            );
      const answered = retrieval.state === 'fetched' ? { ...retrieval.resource, text: hide(retrieval.resource.text) } : null;
      steps.push({
        step,
        method,
        url,
        status: answered?.status ?? null,
        contentType: answered?.headers['content-type'] ?? null,
        answer: answered ? redactedAnswer(answered.text) : unanswered(retrieval),
        ms: Math.max(0, Math.round(options.now() - sentAt)),
      });
      const json = answered && isJson(answered.headers['content-type'] ?? null) ? parseJson(answered.text) : undefined;
      return { retrieval: answered ? { state: 'fetched', resource: answered } : retrieval, json };
    },
    finish(outcome, detail, comparisons = []) {
      return { ...report, outcome, detail, comparisons, steps, durationMs: Math.max(0, Math.round(options.now() - started)) };
    },
  };
}

/** What a drive needs of its protocol once a session is created: how to read one, compare it, and say it agreed. */
export interface ReadBackTerms<C extends { id: string; status: string | null }> {
  read: (json: unknown) => C | null;
  compare: (checkout: C) => CheckoutComparison[];
  agreed: (checkout: C, comparisons: CheckoutComparison[]) => string;
  /** "created a checkout for 1 × X": how the report's detail begins. */
  created: string;
}

/**
 * The rest of a drive once a session exists, the same in both protocols: read it back at `at`, compare it with the
 * page, then cancel it whatever the comparison said, and judge. Never completed.
 */
export async function readBackAndCancel<C extends { id: string; status: string | null }>(
  { send, finish }: DriveExchange,
  at: string,
  createdId: string,
  terms: ReadBackTerms<C>,
): Promise<CheckoutDriveReport> {
  const read = await send('read', 'GET', at, null, cancelReserveMs);
  const readBack = terms.read(read.json);
  const readOk = read.retrieval.state === 'fetched' && read.retrieval.resource.status === 200 && readBack?.id === createdId;
  const comparisons = readOk && readBack ? terms.compare(readBack) : [];
  const cancelled = await send('cancel', 'POST', `${at}/cancel`, '{}', 0);
  const cancelOk =
    cancelled.retrieval.state === 'fetched' &&
    cancelled.retrieval.resource.status === 200 &&
    terms.read(cancelled.json)?.status === 'canceled';
  const cancelClause = cancelOk ? 'cancelled it' : `cancel answered ${answerOf(cancelled.retrieval)}, so it is left to expire`;

  if (!readOk || !readBack)
    return finish(
      'failed',
      `${terms.created}, but reading it back answered ${answerOf(read.retrieval, readBack !== null)}; ${cancelClause}`,
    );
  const wrong = comparisons.filter((comparison) => !comparison.ok);
  if (wrong.length > 0)
    return finish('mismatch', `${terms.created} and read it back: ${mismatchList(wrong)}; ${cancelClause}`, comparisons);
  const agreed = `${terms.created}, read it back (${terms.agreed(readBack, comparisons)})`;
  if (!cancelOk) return finish('not_cancelled', `${agreed}, but ${cancelClause}`, comparisons);
  return finish('proven', `${agreed} and cancelled it`, comparisons);
}

/** What a step got, in one line of evidence: no answer, or the status, media type and the start of the redacted answer. */
export function answerOf(retrieval: Retrieval, wrongCheckout = false): string {
  if (retrieval.state === 'skipped') return 'nothing: there was no time left to ask';
  if (retrieval.state === 'failed')
    return retrieval.reason === 'timeout' ? 'nothing in time' : `nothing (${retrieval.reason.replace(/_/g, ' ')})`;
  const { status, headers, text } = retrieval.resource;
  if (wrongCheckout) return `HTTP ${status} with another checkout`;
  return answerLine(status, headers['content-type'] ?? null, redactedAnswer(text));
}

function unanswered(retrieval: Retrieval): string {
  if (retrieval.state === 'skipped') return 'not sent: no time left';
  return retrieval.state === 'failed' ? retrieval.reason : '';
}

/** The comparisons a checkout got wrong, in one clause: "price €84.00 where €79.00; total … where …". */
export function mismatchList(wrong: readonly CheckoutComparison[]): string {
  return wrong
    .map((comparison) => `${comparison.what === 'totals' ? '' : `${comparison.what} `}${comparison.found} where ${comparison.expected}`)
    .join('; ');
}
