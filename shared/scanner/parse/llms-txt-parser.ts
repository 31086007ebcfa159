/**
 * /llms.txt (llmstxt.org) or /agents.md.
 *
 * Types
 * - `LlmsTxtResult`: `present` (the body is a Markdown document with an H1, as docs/rubric.md
 *   "Pitfalls" requires; an HTML page or anything without an H1 is a soft 404), `valid` (H1,
 *   at least one link, at least 50 characters), the H1 `title`, `linkCount`, trimmed `length`,
 *   and `problems`.
 */

import { looksLikeHtmlDocument, stripBom } from './soft-404.js';

export interface LlmsTxtResult {
  present: boolean;
  valid: boolean;
  title: string | null;
  linkCount: number;
  length: number;
  problems: string[];
}

export const LLMS_TXT_MIN_LENGTH = 50;

const INLINE_LINK = /\[[^\]\n]*\]\(\s*<?[^)\s>]+>?(?:\s+["'(][^)\n]*)?\)/g;
const AUTOLINK = /<(?:https?|mailto):[^>\s]+>/gi;
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]\n]+\]:\s*\S+/gm;

export function validateLlmsTxt(body: string): LlmsTxtResult {
  const text = stripBom(body).trim();
  if (text === '') return absent('empty body');
  if (looksLikeHtmlDocument(text)) return absent('HTML page served instead of Markdown (soft 404)');
  if (/^[[{]/.test(text) && isJson(text)) return absent('JSON served instead of Markdown');

  const prose = withoutCodeBlocks(text);
  const title = findH1(prose);
  if (title === null) return absent('no H1 heading, so this is not an llms.txt document');

  const linkCount =
    (prose.match(INLINE_LINK)?.length ?? 0) + (prose.match(AUTOLINK)?.length ?? 0) + (prose.match(REFERENCE_DEFINITION)?.length ?? 0);
  const problems: string[] = [];
  if (linkCount === 0) problems.push('no Markdown link');
  if (text.length < LLMS_TXT_MIN_LENGTH) problems.push(`shorter than ${LLMS_TXT_MIN_LENGTH} characters`);
  if (!/^#\s/.test(text)) problems.push('does not start with the H1 (llmstxt.org puts it first)');
  const valid = linkCount > 0 && text.length >= LLMS_TXT_MIN_LENGTH;
  return { present: true, valid, title, linkCount, length: text.length, problems };
}

function absent(problem: string): LlmsTxtResult {
  return { present: false, valid: false, title: null, linkCount: 0, length: 0, problems: [problem] };
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Fenced code may contain `# comments` and fake links; they are not part of the document. */
function withoutCodeBlocks(text: string): string {
  return text.replace(/^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^ {0,3}\1[^\n]*$|(?![\s\S]))/gm, '');
}

/** ATX (`# Title`) or setext (`Title` over `===`) level-1 heading. */
function findH1(text: string): string | null {
  const atx = /^ {0,3}#[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/m.exec(text);
  if (atx?.[1]) return atx[1].trim();
  const setext = /^ {0,3}(\S[^\n]*)\n {0,3}=+[ \t]*$/m.exec(text);
  return setext?.[1] ? setext[1].trim() : null;
}
