/**
 * Bot-wall (challenge / block page) detection from status, headers and body.
 *
 * Types
 * - `BotWallInput`: the response the scanner got.
 * - `BotWallResult`: `kind` 'wall' (a challenge or block page stands between agents and the
 *   content), 'rate_limited' (HTTP 429: our request rate, not a policy; the check is then not
 *   assessed) or 'none', with the `vendor` and the `evidence` that decided it.
 *
 * False positives matter more than misses: protected shops load vendor scripts on every normal
 * page (Cloudflare's /cdn-cgi/challenge-platform/scripts, DataDome's tags.js, Imperva's
 * _Incapsula_Resource script, x-iinfo / x-datadome headers). So each marker states what else it
 * needs (see `Requirement`): challenge-only signals (cf-mitigated: challenge, the "Just a
 * moment..." title, Akamai's "Access Denied" + "Reference #") count on their own; challenge-page
 * body markers need a block status (401, 403, 405, 503) or a thin page (few visible words);
 * headers and scripts that also ride on normal pages need a block status. Kasada answers its
 * challenge with 429 plus x-kpsdk-* headers, so that is a wall, not rate limiting.
 */

import { normaliseHeaders } from './header-map.js';
import type { HeaderInput } from './header-map.js';

export type BotWallVendor = 'cloudflare' | 'datadome' | 'perimeterx' | 'imperva' | 'kasada' | 'akamai';

export interface BotWallInput {
  status: number;
  headers?: HeaderInput;
  body?: string;
}

export interface BotWallResult {
  kind: 'none' | 'wall' | 'rate_limited';
  vendor?: BotWallVendor;
  evidence?: string;
}

/** Fewer visible words than this and a vendor marker is enough to call it a challenge page. */
export const THIN_PAGE_WORDS = 80;
const BLOCK_STATUSES = new Set([401, 403, 405, 503]);
const SCANNED_BODY_CHARS = 512 * 1024;

/**
 * What else a marker needs before it counts: nothing (only challenge pages carry it), a block
 * status or a thin page (body markers of challenge pages), or a block status (headers and scripts
 * the vendor also adds to normal pages, including thin client-rendered shells).
 */
type Requirement = 'nothing' | 'block_or_thin' | 'block_status';

interface Rule {
  vendor: BotWallVendor;
  evidence: string;
  requires: Requirement;
  test: (response: { headers: Map<string, string>; body: string }) => boolean;
}

const RULES: readonly Rule[] = [
  {
    vendor: 'cloudflare',
    evidence: 'header cf-mitigated: challenge',
    requires: 'nothing',
    test: ({ headers }) => /\bchallenge\b/i.test(headers.get('cf-mitigated') ?? ''),
  },
  {
    vendor: 'cloudflare',
    evidence: 'title "Just a moment..."',
    requires: 'nothing',
    test: ({ body }) => /<title>\s*Just a moment\.\.\.\s*<\/title>/i.test(body),
  },
  {
    vendor: 'cloudflare',
    evidence: 'Cloudflare "Attention Required!" block page',
    requires: 'nothing',
    test: ({ body }) => /<title>[^<]*Attention Required![^<]*Cloudflare/i.test(body),
  },
  {
    vendor: 'cloudflare',
    evidence: 'Cloudflare challenge markers (cf-chl)',
    requires: 'block_or_thin',
    test: ({ body }) => /cf-chl|cf_chl_opt|\/cdn-cgi\/challenge-platform\/h\//i.test(body),
  },
  {
    vendor: 'akamai',
    evidence: 'Akamai "Access Denied" page with a Reference #',
    requires: 'nothing',
    test: ({ body }) => /Access Denied/i.test(body) && /Reference\s*#/i.test(body) && /akamai|edgesuite/i.test(body),
  },
  {
    vendor: 'datadome',
    evidence: 'DataDome captcha (captcha-delivery.com)',
    requires: 'block_or_thin',
    test: ({ body }) => /captcha-delivery\.com/i.test(body),
  },
  { vendor: 'datadome', evidence: 'header x-datadome', requires: 'block_status', test: ({ headers }) => headers.has('x-datadome') },
  {
    vendor: 'perimeterx',
    evidence: 'PerimeterX/HUMAN captcha (_pxCaptcha / px-captcha)',
    requires: 'block_or_thin',
    test: ({ body }) => /_pxCaptcha|px-captcha/i.test(body),
  },
  {
    vendor: 'perimeterx',
    evidence: 'HUMAN "Press & Hold" challenge',
    requires: 'block_or_thin',
    test: ({ body }) => /Press\s*(?:&amp;|&)\s*Hold/i.test(body),
  },
  {
    vendor: 'imperva',
    evidence: 'Imperva/Incapsula challenge (incident ID or resource iframe)',
    requires: 'block_or_thin',
    test: ({ body }) => /Incapsula incident ID|<iframe[^>]+_Incapsula_Resource/i.test(body),
  },
  {
    vendor: 'imperva',
    evidence: 'Imperva/Incapsula _Incapsula_Resource',
    requires: 'block_status',
    test: ({ body }) => /_Incapsula_Resource/i.test(body),
  },
  { vendor: 'imperva', evidence: 'header x-iinfo', requires: 'block_status', test: ({ headers }) => headers.has('x-iinfo') },
  {
    vendor: 'kasada',
    evidence: 'header x-kpsdk-*',
    requires: 'block_status',
    test: ({ headers }) => [...headers.keys()].some((name) => name.startsWith('x-kpsdk')),
  },
];

export function detectBotWall(input: BotWallInput): BotWallResult {
  const response = { headers: normaliseHeaders(input.headers), body: (input.body ?? '').slice(0, SCANNED_BODY_CHARS) };
  const blockStatus = BLOCK_STATUSES.has(input.status);

  if (input.status === 429) {
    const kasada = RULES.find((rule) => rule.vendor === 'kasada' && rule.test(response));
    if (kasada) return { kind: 'wall', vendor: 'kasada', evidence: `HTTP 429 with ${kasada.evidence}` };
    const retryAfter = response.headers.get('retry-after');
    return { kind: 'rate_limited', evidence: retryAfter ? `HTTP 429, Retry-After: ${retryAfter}` : 'HTTP 429' };
  }

  // Requirements first: they are cheaper than the rules' scans of the body, and most rules cannot
  // count on an ordinary page (200, plenty of text) whatever they find.
  let thin: boolean | undefined;
  const satisfied = (requirement: Requirement): boolean =>
    requirement === 'nothing' || blockStatus || (requirement === 'block_or_thin' && (thin ??= isThinPage(response.body)));
  const matched = RULES.find((rule) => satisfied(rule.requires) && rule.test(response));
  if (!matched) return { kind: 'none' };
  return { kind: 'wall', vendor: matched.vendor, evidence: `HTTP ${input.status}, ${matched.evidence}` };
}

/** Fewer than THIN_PAGE_WORDS words outside tags, scripts and styles; stops counting once there are enough. */
function isThinPage(body: string): boolean {
  let words = 0;
  for (const segment of visibleSegments(body)) {
    for (const _ of segment.matchAll(/[\p{L}\p{N}]{2,}/gu)) {
      if (++words >= THIN_PAGE_WORDS) return false;
    }
  }
  return true;
}

/**
 * The runs of text outside tags, scripts and styles, in order. A linear indexOf scan rather than
 * regexes, which go quadratic on hostile input such as thousands of unclosed `<script` tags.
 */
function* visibleSegments(html: string): Generator<string> {
  let at = 0;
  while (at < html.length) {
    const open = html.indexOf('<', at);
    if (open < 0) {
      yield html.slice(at);
      return;
    }
    yield html.slice(at, open);
    const rawTextElement = (['script', 'style'] as const).find((name) => startsWithIgnoringCase(html, `<${name}`, open));
    const contentEnd = rawTextElement ? closingTagAt(html, rawTextElement, open) : open;
    if (contentEnd < 0) return;
    const close = html.indexOf('>', contentEnd);
    if (close < 0) return;
    at = close + 1;
  }
}

function startsWithIgnoringCase(text: string, prefix: string, at: number): boolean {
  return text.slice(at, at + prefix.length).toLowerCase() === prefix;
}

const CLOSING_TAGS: Record<'script' | 'style', RegExp> = { script: /<\/script/gi, style: /<\/style/gi };

/** Where the closing tag of `name` starts, in any case, from `from`; -1 when it never does. */
function closingTagAt(text: string, name: 'script' | 'style', from: number): number {
  const closing = CLOSING_TAGS[name];
  closing.lastIndex = from;
  return closing.exec(text)?.index ?? -1;
}
