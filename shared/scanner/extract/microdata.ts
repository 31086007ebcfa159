/** Microdata reader (itemscope / itemtype / itemprop / itemid / itemref), per the HTML spec. */
import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { attr, documentRoot, resolveUrl, splitTokens, textContent, walkElements } from './dom.js';
import { addProp, createEntity } from './entity.js';
import type { Entity } from './types.js';
import { normaliseProp, normaliseType } from './vocab.js';

const SRC_ELEMENTS = new Set(['audio', 'embed', 'iframe', 'img', 'source', 'track', 'video']);
const HREF_ELEMENTS = new Set(['a', 'area', 'link']);
const VALUE_ELEMENTS = new Set(['data', 'meter']);
const MAX_ITEMREF_ITEMS = 500;

/**
 * The value of an itemprop element. `content` is honoured on any element, not only `<meta>`:
 * shops write `<span itemprop="price" content="5.95">5,95 EUR</span>` and consumers read `content`.
 */
function propertyValue(el: Element, pageUrl: string): string {
  const content = attr(el, 'content');
  if (content !== undefined) return content.trim();
  const urlAttr = SRC_ELEMENTS.has(el.name) ? 'src' : HREF_ELEMENTS.has(el.name) ? 'href' : el.name === 'object' ? 'data' : null;
  if (urlAttr !== null) {
    const raw = attr(el, urlAttr);
    return raw === undefined ? '' : (resolveUrl(raw, pageUrl) ?? raw.trim());
  }
  if (VALUE_ELEMENTS.has(el.name)) return (attr(el, 'value') ?? '').trim();
  if (el.name === 'time') {
    const datetime = attr(el, 'datetime');
    if (datetime !== undefined) return datetime.trim();
  }
  return textContent(el);
}

interface Scope {
  item: Entity | null;
}

export function readMicrodata($: CheerioAPI, pageUrl: string): Entity[] {
  const root = documentRoot($);
  if (root === undefined) return [];
  const items: Entity[] = [];
  const pendingRefs: [Entity, string[]][] = [];
  const byId = new Map<string, Element>();

  const visit = (el: Element, scope: Scope): Scope => {
    const id = attr(el, 'id');
    if (id !== undefined && !byId.has(id)) byId.set(id, el);
    const itemprop = attr(el, 'itemprop');
    const itemscope = attr(el, 'itemscope');
    if (itemprop === undefined && itemscope === undefined) return scope;
    const names = splitTokens(itemprop).map(normaliseProp);
    if (itemscope !== undefined) {
      const item = createEntity('microdata', splitTokens(attr(el, 'itemtype')).map(normaliseType), attr(el, 'itemid') ?? null);
      items.push(item);
      if (scope.item !== null) for (const name of names) addProp(scope.item, name, item);
      const refs = splitTokens(attr(el, 'itemref'));
      if (refs.length > 0) pendingRefs.push([item, refs]);
      return { item };
    }
    if (scope.item !== null) {
      const value = propertyValue(el, pageUrl);
      for (const name of names) addProp(scope.item, name, value);
    }
    return scope;
  };

  walkElements<Scope>(root, { item: null }, visit);

  // itemref pulls properties from elements elsewhere in the page (usually outside any itemscope).
  // Referenced subtrees may hold items with their own itemref, so the queue can grow: cap it.
  for (let i = 0; i < pendingRefs.length && i < MAX_ITEMREF_ITEMS; i++) {
    const [item, refs] = pendingRefs[i] ?? [null, []];
    const seen = new Set<Element>();
    for (const ref of refs) {
      const target = byId.get(ref);
      if (item === null || target === undefined || seen.has(target)) continue;
      seen.add(target);
      walkElements<Scope>(target, { item }, visit);
    }
  }
  return items;
}
