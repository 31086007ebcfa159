/**
 * RDFa Lite reader (vocab / prefix / typeof / property / resource).
 *
 * Only properties inside a `typeof` scope become entity properties. Document-level properties
 * (`<meta property="og:title">` in the head) have no typed subject: the Open Graph reader covers them.
 * Terms resolve against the in-scope `vocab` and `prefix` declarations; schema.org names are
 * shortened (`Product`), other vocabularies keep their CURIE (`og:price:amount`, `gr:hasCurrency`).
 */
import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { attr, documentRoot, resolveUrl, splitTokens, textContent, walkElements } from './dom.js';
import { addProp, createEntity } from './entity.js';
import type { Entity } from './types.js';
import { expandTerm, isSchemaOrgName, normaliseProp, normaliseType } from './vocab.js';

interface Context {
  vocab: string | null;
  prefixes: ReadonlyMap<string, string>;
  subject: Entity | null;
}

function parsePrefixes(value: string, inherited: ReadonlyMap<string, string>): ReadonlyMap<string, string> {
  const prefixes = new Map(inherited);
  const tokens = splitTokens(value);
  for (let i = 0; i + 1 < tokens.length; i += 2) {
    const name = tokens[i];
    const iri = tokens[i + 1];
    if (name?.endsWith(':') && iri !== undefined) prefixes.set(name.slice(0, -1).toLowerCase(), iri);
  }
  return prefixes;
}

function expand(term: string, ctx: Context): string {
  const colon = term.indexOf(':');
  if (colon > 0) {
    // Declared prefixes matter only when they point at schema.org; other CURIEs stay as written.
    const iri = ctx.prefixes.get(term.slice(0, colon).toLowerCase());
    const expanded = iri === undefined ? term : iri + term.slice(colon + 1);
    return isSchemaOrgName(expanded) ? expanded : term;
  }
  return expandTerm(term, ctx.vocab);
}

function propertyValue(el: Element, pageUrl: string): string {
  const content = attr(el, 'content');
  if (content !== undefined) return content.trim();
  for (const name of ['resource', 'href', 'src']) {
    const raw = attr(el, name);
    if (raw !== undefined) return resolveUrl(raw, pageUrl) ?? raw.trim();
  }
  const datetime = el.name === 'time' ? attr(el, 'datetime') : undefined;
  return datetime !== undefined ? datetime.trim() : textContent(el);
}

export function readRdfa($: CheerioAPI, pageUrl: string): Entity[] {
  const root = documentRoot($);
  if (root === undefined) return [];
  const entities: Entity[] = [];

  walkElements<Context>(root, { vocab: null, prefixes: new Map(), subject: null }, (el, parent) => {
    const vocabAttr = attr(el, 'vocab');
    const prefixAttr = attr(el, 'prefix');
    const ctx: Context =
      vocabAttr === undefined && prefixAttr === undefined
        ? parent
        : {
            vocab: vocabAttr === undefined ? parent.vocab : vocabAttr.trim() || null,
            prefixes: prefixAttr === undefined ? parent.prefixes : parsePrefixes(prefixAttr, parent.prefixes),
            subject: parent.subject,
          };
    const props = splitTokens(attr(el, 'property')).map((t) => normaliseProp(expand(t, ctx)));
    const typeofAttr = attr(el, 'typeof');
    if (typeofAttr !== undefined) {
      const types = splitTokens(typeofAttr).map((t) => normaliseType(expand(t, ctx)));
      const entity = createEntity('rdfa', types, attr(el, 'resource') ?? attr(el, 'about') ?? null);
      entities.push(entity);
      if (ctx.subject !== null) for (const name of props) addProp(ctx.subject, name, entity);
      return { ...ctx, subject: entity };
    }
    if (ctx.subject !== null && props.length > 0) {
      const value = propertyValue(el, pageUrl);
      for (const name of props) addProp(ctx.subject, name, value);
    }
    return ctx;
  });
  return entities;
}
