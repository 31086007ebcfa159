import type { CheerioAPI } from 'cheerio';
import { hasChildren, isTag, isText, type AnyNode } from 'domhandler';

const invisible = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head', 'iframe', 'object', 'canvas', 'input']);

const WORD_CHARACTER = /[\p{L}\p{N}]/u;
/** Whitespace other than single spaces, which folding would change. */
const UNFOLDED = /[^\S ]| {2}/;

/** Every run of whitespace as one space, trimmed; text already folded is not copied. */
export function foldWhitespace(text: string): string {
  return (UNFOLDED.test(text) ? text.replace(/\s+/g, ' ') : text).trim();
}

export interface VisibleText {
  /** Whitespace folded to single spaces. */
  text: string;
  /** Space-separated words holding a letter or a digit. */
  wordCount: number;
}

/**
 * The text a reader of the raw HTML sees, without running JavaScript. Iterative: deep DOMs cannot
 * overflow the stack. Each text node is folded and counted on its own, so a 2 MiB page makes small
 * short-lived strings rather than several page-sized ones.
 */
export function visibleText($: CheerioAPI): VisibleText {
  const pieces: string[] = [];
  let wordCount = 0;
  const root = $.root().get(0);
  const stack: AnyNode[] = root ? [...root.children].reverse() : [];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isText(node)) {
      const piece = foldWhitespace(node.data);
      if (piece === '') continue;
      pieces.push(piece);
      wordCount += countWords(piece);
      continue;
    }
    if (isTag(node) && (invisible.has(node.name) || node.attribs.hidden !== undefined)) continue;
    if (!hasChildren(node)) continue;
    for (let i = node.children.length - 1; i >= 0; i -= 1) stack.push(node.children[i]!);
  }
  return { text: pieces.join(' '), wordCount };
}

/** Words of already folded text: space-separated runs holding a letter or a digit. */
function countWords(text: string): number {
  let count = 0;
  for (const word of text.split(' ')) if (WORD_CHARACTER.test(word)) count += 1;
  return count;
}
