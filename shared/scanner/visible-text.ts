import type { CheerioAPI } from 'cheerio';
import { hasChildren, isTag, isText, type AnyNode } from 'domhandler';

const invisible = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head', 'iframe', 'object', 'canvas', 'input']);
const blockLevel = new Set(['p', 'div', 'li', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'td', 'th', 'tr', 'section', 'article', 'header', 'footer', 'nav', 'main']);

/** The text a reader of the raw HTML sees, without running JavaScript. Iterative: deep DOMs cannot overflow the stack. */
export function visibleText($: CheerioAPI): string {
  const parts: string[] = [];
  const root = $.root().get(0);
  const stack: AnyNode[] = root ? [...root.children].reverse() : [];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isText(node)) {
      parts.push(node.data);
      continue;
    }
    if (isTag(node) && (invisible.has(node.name) || node.attribs.hidden !== undefined)) continue;
    if (!hasChildren(node)) continue;
    for (let i = node.children.length - 1; i >= 0; i -= 1) stack.push(node.children[i]!);
    if (isTag(node) && blockLevel.has(node.name)) parts.push(' ');
  }
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

export function countWords(text: string): number {
  if (text === '') return 0;
  return text.split(' ').filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}
