import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import type { Artifacts } from '#shared/scanner/artifacts.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import type { Advice, CheckDefinition, CheckOutcome } from '#shared/scanner/checks/types.js';
import { firstText, hasType, values } from '#shared/scanner/extract/index.js';
import type { Entity } from '#shared/scanner/extract/index.js';
import { because, readPage } from './gathered.js';
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

/** What the homepage offers an agent for searching the catalog. */
/** Read while the page is parsed (page-facts.ts): the homepage's ways to search, for the site_search check. */
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

function homepageSearch(artifacts: Artifacts): { url: string; search: SiteSearch } | { unreadable: string } {
  const reading = readPage(artifacts.homepage);
  if (!reading.readable) return { unreadable: reading.reason };
  const { url, facts } = reading.page;
  return { url, search: facts.siteSearch };
}

function evaluate(artifacts: Artifacts): CheckOutcome {
  const found = homepageSearch(artifacts);
  if ('unreadable' in found)
    return outcome.notAssessed(`Site search not checked: the homepage ${found.unreadable}.`, [
      evidence(artifacts.homepage.url, found.unreadable),
    ]);
  const { url, search } = found;
  const getForm = search.forms.find((f) => f.method === 'get');
  if (search.searchAction !== null) {
    return outcome.pass('The homepage declares a WebSite SearchAction, so agents can search the catalog directly.', [
      evidence(url, `SearchAction target ${search.searchAction}`),
    ]);
  }
  if (getForm) {
    return outcome.pass(`The homepage has a GET search form (${getForm.action}?${getForm.inputName ?? 'q'}=…) an agent can use.`, [
      evidence(url, `form GET ${getForm.action} input ${getForm.inputName ?? '(unnamed)'}`),
    ]);
  }
  if (search.openSearch !== null) {
    return outcome.pass('The homepage links an OpenSearch description, so agents can search the catalog.', [
      evidence(search.openSearch, 'OpenSearch description'),
    ]);
  }
  const postForm = search.forms[0];
  if (postForm) {
    return outcome.warn(`The search form posts (method=POST to ${postForm.action}), so results have no URL an agent can open or share.`, [
      evidence(url, `form POST ${postForm.action}`),
    ]);
  }
  if (search.scriptOnlyInput) {
    return outcome.warn('The homepage search box sits outside any form and works only with JavaScript.', [
      evidence(url, 'input type=search outside a form'),
    ]);
  }
  return outcome.fail('No site search for agents: the homepage has no SearchAction and no search form.', [
    evidence(url, 'no SearchAction, no search form'),
  ]);
}

/** The search URL to put in a SearchAction: the shop's own form when it has one, else the platform's default. */
function searchTemplate(artifacts: Artifacts): string {
  const found = homepageSearch(artifacts);
  const form = 'search' in found ? found.search.forms[0] : undefined;
  const origin = artifacts.site.origin;
  if (form) return `${form.action.split('?')[0]}?${form.inputName ?? 'q'}={search_term_string}`;
  if (artifacts.platform.platform === 'woocommerce') return `${origin}/?s={search_term_string}&post_type=product`;
  return `${origin}/search?q={search_term_string}`;
}

function advise(result: CheckOutcome, artifacts: Artifacts): Advice {
  const origin = artifacts.site.origin;
  const snippet = JSON.stringify(
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      url: `${origin}/`,
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: searchTemplate(artifacts) },
        'query-input': 'required name=search_term_string',
      },
    },
    null,
    2,
  );
  return {
    title: 'Let agents search your catalog with a GET URL',
    why: because('An agent looking for a product on your shop needs a search URL it can fill in.', result),
    fix: 'Make the search form submit with method="get" to a results page (e.g. /search?q=…), and declare it in the homepage JSON-LD as a WebSite SearchAction.',
    snippet: `<script type="application/ld+json">\n${snippet}\n</script>`,
    effort: 'S',
  };
}

export const siteSearchCheck: CheckDefinition = {
  id: 'site_search',
  dimension: 'discovery',
  title: 'Site search agents can use',
  points: 2,
  evaluate,
  advise,
};
