import type { Retrieval } from '#shared/scanner/artifacts.js';
import { detectBotWall, type BotWallVendor } from '#shared/scanner/parse/bot-wall-detector.js';

/** What kind of answer a request got: the content, a refusal, a challenge page, or a server error. */
export type AnswerClass = 'served' | 'refused' | 'challenged' | 'error';

export interface Answer {
  kind: AnswerClass;
  /** "HTTP 403", or the challenge's evidence when a challenge page decided it. */
  label: string;
  /** The bot protection the response names (a `cf-mitigated` header, a vendor's challenge body); null when none. */
  vendor: BotWallVendor | null;
}

/**
 * The class of a fetched answer, read the way the bot-wall check reads pages; null when nothing answered. Two
 * requests for one URL that differ in one header (a Web Bot Auth signature, a vendor's User-Agent) are compared
 * by it: web_bot_auth and the edge probe.
 */
export function answerOf(retrieval: Retrieval): Answer | null {
  if (retrieval.state !== 'fetched') return null;
  const { status, headers, text } = retrieval.resource;
  const wall = detectBotWall({ status, headers, body: text });
  const vendor = wall.kind === 'wall' ? (wall.vendor ?? null) : null;
  if (wall.kind === 'wall') return { kind: 'challenged', label: wall.evidence ?? `HTTP ${status}`, vendor };
  if (status === 401 || status === 403 || status === 429) return { kind: 'refused', label: `HTTP ${status}`, vendor };
  // 400 included: the request is well formed, so a 400 refuses what differs in it.
  if (status >= 400) return { kind: 'error', label: `HTTP ${status}`, vendor };
  return { kind: 'served', label: `HTTP ${status}`, vendor };
}
