/** Small helpers over cheerio's DOM (domhandler nodes), shared by the markup readers. */
import type { CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';

const TEXT_NODE = 3;
const SKIPPED_TEXT_PARENTS = new Set(['script', 'style', 'template', 'noscript']);

export function isElement(node: AnyNode): node is Element {
  return 'attribs' in node && 'name' in node;
}

function childNodes(node: AnyNode): AnyNode[] {
  return 'children' in node ? node.children : [];
}

export function documentRoot($: CheerioAPI): AnyNode | undefined {
  return $.root()[0];
}

/**
 * Visits every element in document order. `visit` returns the context for the element's
 * children, so readers can track the enclosing item without recursion (real pages can nest deep).
 */
export function walkElements<C extends object>(root: AnyNode, ctx: C, visit: (el: Element, ctx: C) => C): void {
  // Two parallel stacks instead of a tuple per node: pages have tens of thousands of nodes.
  const elements: Element[] = [];
  const contexts: C[] = [];
  const pushChildren = (parent: AnyNode, parentCtx: C): void => {
    const children = childNodes(parent);
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i];
      if (child !== undefined && isElement(child)) {
        elements.push(child);
        contexts.push(parentCtx);
      }
    }
  };
  if (isElement(root)) {
    elements.push(root);
    contexts.push(ctx);
  } else {
    pushChildren(root, ctx);
  }
  while (elements.length > 0) {
    const el = elements.pop();
    const elCtx = contexts.pop();
    if (el === undefined || elCtx === undefined) break;
    pushChildren(el, visit(el, elCtx));
  }
}

/** The element's text, whitespace collapsed, without script/style contents. */
export function textContent(el: Element): string {
  const parts: string[] = [];
  const stack: AnyNode[] = [...el.children].reverse();
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node.nodeType === TEXT_NODE && 'data' in node) {
      parts.push(node.data);
    } else if (isElement(node) && !SKIPPED_TEXT_PARENTS.has(node.name)) {
      for (let i = node.children.length - 1; i >= 0; i--) {
        const child = node.children[i];
        if (child !== undefined) stack.push(child);
      }
    }
  }
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** Raw text of a script-like element (its text children, unmodified). */
export function rawText(el: Element): string {
  let text = '';
  for (const child of el.children) {
    if (child.nodeType === TEXT_NODE && 'data' in child) text += child.data;
  }
  return text;
}

export function attr(el: Element, name: string): string | undefined {
  return el.attribs[name];
}

/** Absolute URL for `value` relative to `base`, or null when it cannot be resolved. */
export function resolveUrl(value: string, base: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  try {
    return new URL(trimmed, base).href;
  } catch {
    try {
      return new URL(trimmed).href;
    } catch {
      return null;
    }
  }
}

export function splitTokens(value: string | undefined): string[] {
  if (value === undefined) return [];
  return value.split(/\s+/).filter((t) => t !== '');
}
