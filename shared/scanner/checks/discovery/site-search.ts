import type { Artifacts } from '#shared/scanner/artifacts.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import type { Advice, CheckDefinition, CheckOutcome } from '#shared/scanner/checks/types.js';
import type { SiteSearch } from '#shared/scanner/extract/site-search-form.js';
import { readPage } from '#shared/scanner/checks/read-artifacts.js';
import { because } from '#shared/scanner/checks/wording.js';

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
