import type { Retrieval } from '#shared/scanner/artifacts.js';
import type { CheckoutProbeReport } from '#shared/scanner/drives/drive-report.js';
import { detectBotWall } from '#shared/scanner/parse/bot-wall-detector.js';

/** How much of an answer a probe keeps as evidence. */
const excerptChars = 300;

/** A probe's verdict on one request, before its URL and timing are added. */
export type ProbeJudgement = Pick<CheckoutProbeReport, 'outcome' | 'detail' | 'status' | 'contentType' | 'answer'>;

/**
 * A probe's verdict on what its request got. Settled without an answer to judge (no time to ask, refused, failed, or a
 * bot wall answering for `service`), it is judged here; otherwise `judge` reads the answer by the protocol's own rules.
 */
export function judgeProbe(
  retrieval: Retrieval,
  service: string,
  judge: (status: number, contentType: string | null, body: string) => Pick<ProbeJudgement, 'outcome' | 'detail'>,
): ProbeJudgement {
  const none = { status: null, contentType: null, answer: '' };
  if (retrieval.state === 'skipped') return { ...none, outcome: 'not_asked', detail: 'there was no time left to ask' };
  if (retrieval.state === 'failed') {
    if (retrieval.reason === 'blocked')
      return { ...none, outcome: 'refused', detail: 'the endpoint leads to an address that is not allowed' };
    if (retrieval.reason === 'timeout') return { ...none, outcome: 'no_answer', detail: 'no answer in time' };
    return { ...none, outcome: 'no_answer', detail: `the request failed (${retrieval.reason.replace(/_/g, ' ')})` };
  }
  const { status, headers, text } = retrieval.resource;
  const answered = { status, contentType: headers['content-type'] ?? null, answer: text.slice(0, excerptChars) };
  if (detectBotWall({ status, headers, body: text }).kind !== 'none') {
    return { ...answered, outcome: 'walled', detail: `a bot wall answered (HTTP ${status}), not the ${service} service` };
  }
  return { ...answered, ...judge(status, answered.contentType, text) };
}

export function isJson(contentType: string | null): boolean {
  const essence = mediaTypeOf(contentType);
  return essence === 'application/json' || essence.endsWith('+json');
}

/** The media type without parameters, lower case; '' when there is none. */
export function mediaTypeOf(contentType: string | null): string {
  return contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
}

/** The body as JSON; undefined when it is empty or not JSON. */
export function parseJson(body: string): unknown {
  if (body.trim() === '') return undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
