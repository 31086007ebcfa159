/** JSON-LD reader: every `<script type="application/ld+json">` block, flattened into entities. */
import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { rawText, resolveUrl } from './dom.js';
import { addProp, createEntity, isEntity } from './entity.js';
import type { Entity, JsonLdResult, MalformedBlock, PropValue } from './types.js';
import { normaliseProp, normaliseType } from './vocab.js';
import { elementsNamed } from '#shared/scanner/parse/elements.js';

// Deeper JSON than this is not markup anyone writes by hand; the cap keeps recursion bounded.
const MAX_DEPTH = 64;
const MAX_ERROR_LENGTH = 200;

export function isJsonLdScript(el: Element): boolean {
  const type = el.attribs.type;
  if (type === undefined) return false;
  return (type.split(';')[0] ?? '').trim().toLowerCase() === 'application/ld+json';
}

/**
 * Removes the HTML-comment and CDATA wrappers that CMSs put around JSON-LD
 * (`<!-- ... -->`, `<![CDATA[ ... ]]>`, `//<![CDATA[ ... //]]>`, `/*<![CDATA[*\/ ... /*]]>*\/`).
 * Only wrappers are removed: the JSON itself is never repaired.
 */
export function unwrapJsonLd(text: string): string {
  let s = text.trim();
  for (let next = stripWrapper(s); next !== null; next = stripWrapper(s)) s = next.trim();
  return s;
}

function stripWrapper(s: string): string | null {
  if (s.startsWith('<!--')) return s.slice(4);
  if (s.startsWith('<![CDATA[')) return s.slice(9);
  const head = s.startsWith('//') ? firstLine(s) : s.startsWith('/*') ? s.slice(0, s.indexOf('*/') + 2) : '';
  if (head.length > 2 && isWrapperComment(head)) return s.slice(head.length);
  const tailLine = lastLine(s);
  if (tailLine.trimStart().startsWith('//') && isWrapperComment(tailLine)) return s.slice(0, -tailLine.length);
  const blockStart = s.endsWith('*/') ? s.lastIndexOf('/*') : -1;
  if (blockStart >= 0 && isWrapperComment(s.slice(blockStart))) return s.slice(0, blockStart);
  if (s.endsWith('-->') || s.endsWith(']]>')) return s.slice(0, -3);
  return null;
}

function firstLine(s: string): string {
  const end = s.indexOf('\n');
  return end === -1 ? s : s.slice(0, end);
}

function lastLine(s: string): string {
  return s.slice(s.lastIndexOf('\n') + 1);
}

function isWrapperComment(comment: string): boolean {
  return comment.length < 40 && /<!\[CDATA\[|\]\]>|<!--|-->/.test(comment);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

class GraphBuilder {
  readonly nodes: Entity[] = [];
  private readonly refs = new Set<Entity>();

  constructor(private readonly pageUrl: string) {}

  addTopLevel(value: unknown, depth = 0): void {
    if (depth > MAX_DEPTH) return;
    if (Array.isArray(value)) {
      for (const item of value) this.addTopLevel(item, depth + 1);
    } else if (isRecord(value)) {
      const isGraphWrapper = Object.keys(value).every((k) => k === '@context' || k === '@graph');
      if (isGraphWrapper) this.addTopLevel(value['@graph'], depth + 1);
      else this.node(value, depth);
    }
  }

  private convert(value: unknown, depth: number): PropValue[] {
    if (depth > MAX_DEPTH || value === null || value === undefined) return [];
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return [value];
    if (Array.isArray(value)) return value.flatMap((v) => this.convert(v, depth + 1));
    if (!isRecord(value)) return [];
    if ('@value' in value) {
      const literal = value['@value'];
      return typeof literal === 'object' ? [] : this.convert(literal, depth + 1);
    }
    if ('@list' in value) return this.convert(value['@list'], depth + 1);
    if ('@set' in value) return this.convert(value['@set'], depth + 1);
    return [this.node(value, depth)];
  }

  private node(obj: Record<string, unknown>, depth: number): Entity {
    const rawId = obj['@id'];
    const id = typeof rawId === 'string' ? rawId : null;
    const keys = Object.keys(obj).filter((k) => k !== '@context');
    if (id !== null && keys.every((k) => k === '@id')) {
      const ref = createEntity('json-ld', [], id);
      this.refs.add(ref);
      return ref;
    }
    const entity = createEntity('json-ld', typeNames(obj['@type']), id);
    this.nodes.push(entity);
    for (const key of keys) {
      if (key === '@graph') this.addTopLevel(obj[key], depth + 1);
      if (key.startsWith('@') || key === '__proto__') continue;
      const name = normaliseProp(key);
      for (const v of this.convert(obj[key], depth + 1)) addProp(entity, name, v);
    }
    return entity;
  }

  /**
   * Merges nodes that share an `@id` (JSON-LD semantics: same id, same node) and replaces
   * `{"@id": ...}` references with the node they name; unresolved references become the IRI string.
   */
  resolve(): Entity[] {
    const byId = new Map<string, Entity>();
    const merged = new Map<Entity, Entity>();
    const result: Entity[] = [];
    for (const node of this.nodes) {
      if (node.id !== null) {
        const key = this.idKey(node.id);
        const existing = byId.get(key);
        if (existing !== undefined) {
          mergeInto(existing, node);
          merged.set(node, existing);
          continue;
        }
        byId.set(key, node);
      }
      result.push(node);
    }
    const replace = (v: PropValue): PropValue => {
      if (!isEntity(v)) return v;
      if (this.refs.has(v) && v.id !== null) return byId.get(this.idKey(v.id)) ?? v.id;
      return merged.get(v) ?? v;
    };
    for (const node of result) {
      for (const name of Object.keys(node.props)) {
        const list = node.props[name];
        if (list !== undefined) node.props[name] = list.map(replace);
      }
    }
    return result;
  }

  private idKey(id: string): string {
    return resolveUrl(id, this.pageUrl) ?? id;
  }
}

function typeNames(value: unknown): string[] {
  const raw = Array.isArray(value) ? value : [value];
  const names = raw.filter((t): t is string => typeof t === 'string' && t.trim() !== '').map(normaliseType);
  return [...new Set(names)];
}

function mergeInto(target: Entity, source: Entity): void {
  for (const t of source.types) if (!target.types.includes(t)) target.types.push(t);
  for (const [name, list] of Object.entries(source.props)) {
    for (const v of list) addProp(target, name, v);
  }
}

function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.length > MAX_ERROR_LENGTH ? `${message.slice(0, MAX_ERROR_LENGTH)}…` : message;
}

export function readJsonLd($: CheerioAPI, pageUrl: string): JsonLdResult {
  return readJsonLdScripts(elementsNamed($, 'script'), pageUrl);
}

/** Same as `readJsonLd`, over script elements the caller already collected. */
export function readJsonLdScripts(candidates: readonly Element[], pageUrl: string): JsonLdResult {
  const scripts = candidates.filter(isJsonLdScript);
  const builder = new GraphBuilder(pageUrl);
  const malformed: MalformedBlock[] = [];
  scripts.forEach((script, index) => {
    const text = unwrapJsonLd(rawText(script));
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      malformed.push({ index, error: text === '' ? 'empty block' : errorMessage(error) });
      return;
    }
    builder.addTopLevel(parsed);
  });
  return { blocks: scripts.length, entities: builder.resolve(), malformed };
}
