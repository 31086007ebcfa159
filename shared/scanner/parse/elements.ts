import type { CheerioAPI } from 'cheerio';
import { isTag, type AnyNode, type Element } from 'domhandler';

const indexes = new WeakMap<CheerioAPI, Map<string, Element[]>>();

function indexByName($: CheerioAPI): Map<string, Element[]> {
  const index = new Map<string, Element[]>();
  const stack: AnyNode[] = [...($.root()[0]?.children ?? [])].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!isTag(node)) continue;
    const named = index.get(node.name);
    if (named) named.push(node);
    else index.set(node.name, [node]);
    for (let i = node.children.length - 1; i >= 0; i -= 1) stack.push(node.children[i]!);
  }
  return index;
}

/**
 * The page's elements with this tag name (lower case, as htmlparser2 gives them), in document order.
 * The tree is walked once per page for all names: a selector query walks all of it each time, and
 * page analysis asks for a dozen tag names.
 */
export function elementsNamed($: CheerioAPI, name: string): readonly Element[] {
  let index = indexes.get($);
  if (index === undefined) {
    index = indexByName($);
    indexes.set($, index);
  }
  return index.get(name) ?? [];
}

/** An attribute's value compared as CSS compares the HTML attributes whose values ignore case (type, rel). */
export function lowerAttr(el: Element, name: string): string {
  return (el.attribs[name] ?? '').toLowerCase();
}
