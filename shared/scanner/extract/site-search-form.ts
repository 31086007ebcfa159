import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { firstText, hasType, values } from './entity.js';
import type { Entity } from './types.js';
import { elementsNamed, lowerAttr } from '#shared/scanner/parse/elements.js';

const SEARCH_ACTION: ReadonlySet<string> = new Set(['SearchAction']);
const SEARCH_INPUT_NAMES = new Set(['q', 's', 'query', 'search', 'search_query', 'searchterm', 'keyword', 'keywords', 'term']);
const SEARCH_ACTION_PATH = /search|suche|recherche|busca|zoeken|cerca|sok|szukaj/i;

export interface SearchForm {
  method: 'get' | 'post';
  /** Absolute action URL (the page itself when the form has none). */
  action: string;
  inputName: string | null;
}

export interface SiteSearch {
  /** URL template of a SearchAction with a `{placeholder}` or a query-input. */
  searchAction: string | null;
  forms: SearchForm[];
  /** A search box outside any form: it only works with JavaScript. */
  scriptOnlyInput: boolean;
  openSearch: string | null;
}

function actionTemplate(action: Entity): string | null {
  const declaresQuery = values(action, 'query-input').length > 0 || values(action, 'query').length > 0;
  for (const target of values(action, 'target')) {
    const template = typeof target === 'string' ? target : typeof target === 'object' ? firstText(target, 'urlTemplate', 'url') : null;
    if (template !== null && (/\{[^}]+\}/.test(template) || declaresQuery)) return template;
  }
  return null;
}

function isSearchInput($: CheerioAPI, input: Element): boolean {
  const el = $(input);
  const type = (el.attr('type') ?? 'text').toLowerCase();
  if (type === 'search') return true;
  if (!['text', ''].includes(type)) return false;
  return (
    SEARCH_INPUT_NAMES.has((el.attr('name') ?? '').toLowerCase()) ||
    /search/i.test(el.attr('placeholder') ?? '') ||
    /search/i.test(el.attr('aria-label') ?? '')
  );
}

function absolute(href: string, base: string): string {
  try {
    return new URL(href, base).href;
  } catch {
    return base;
  }
}

/** What the homepage offers an agent for searching the catalog, read while the page is parsed (page-facts.ts): the homepage's ways to search, for the site_search check. */
export function findSiteSearch($: CheerioAPI, entities: readonly Entity[], pageUrl: string): SiteSearch {
  // Entity lists are flat, so a SearchAction nested in WebSite.potentialAction is listed itself.
  const searchAction =
    entities
      .filter((e) => hasType(e, SEARCH_ACTION))
      .map(actionTemplate)
      .find((t) => t !== null) ?? null;

  const forms: SearchForm[] = [];
  for (const form of elementsNamed($, 'form')) {
    const el = $(form);
    const inputs = el
      .find('input')
      .toArray()
      .filter((input) => isSearchInput($, input));
    const action = el.attr('action') ?? '';
    const namedSearch = el.attr('role') === 'search' || SEARCH_ACTION_PATH.test(action);
    const input = inputs[0] ?? (namedSearch ? el.find('input[type="text"], input:not([type])').toArray()[0] : undefined);
    if (input === undefined) continue;
    forms.push({
      method: (el.attr('method') ?? 'get').trim().toLowerCase() === 'post' ? 'post' : 'get',
      action: absolute(action, pageUrl),
      inputName: $(input).attr('name') ?? null,
    });
  }
  const scriptOnlyInput = elementsNamed($, 'input').some(
    (input) => lowerAttr(input, 'type') === 'search' && $(input).closest('form').length === 0,
  );
  const openSearchHref = elementsNamed($, 'link').find(
    (link) => lowerAttr(link, 'rel').split(/\s+/).includes('search') && lowerAttr(link, 'type') === 'application/opensearchdescription+xml',
  )?.attribs.href;
  return { searchAction, forms, scriptOnlyInput, openSearch: openSearchHref ? absolute(openSearchHref, pageUrl) : null };
}
