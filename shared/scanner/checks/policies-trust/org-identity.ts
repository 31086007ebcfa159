import type { Artifacts } from '#shared/scanner/artifacts.js';
import { entityValues, firstText, hasType, isProductLike, values } from '#shared/scanner/extract/index.js';
import type { Entity } from '#shared/scanner/extract/index.js';
import type { CheckDefinition } from '#shared/scanner/checks/types.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import { markupPages } from '#shared/scanner/checks/read-artifacts.js';
import type { MarkupPage } from '#shared/scanner/checks/read-artifacts.js';
import { jsonLdScript } from '#shared/scanner/checks/wording.js';
import { shopName } from './shop-identity.js';

const ORGANIZATION_TYPES = new Set(['Organization', 'Corporation', 'OnlineBusiness', 'OnlineStore', 'LocalBusiness', 'Store']);
const SOCIAL_HOSTS = /(?:^|\.)(?:facebook|instagram|x|twitter|linkedin|youtube|tiktok|pinterest|threads)\.com$/i;

const FIELDS: { name: string; present: (org: Entity) => boolean }[] = [
  { name: 'name', present: (o) => firstText(o, 'name', 'legalName') !== null },
  { name: 'url', present: (o) => values(o, 'url').length > 0 },
  { name: 'logo', present: (o) => values(o, 'logo').length > 0 },
  {
    name: 'contactPoint or address',
    present: (o) => ['contactPoint', 'address', 'email', 'telephone'].some((p) => values(o, p).length > 0),
  },
  { name: 'sameAs', present: (o) => values(o, 'sameAs').length > 0 },
];

function isSocialProfile(href: string): boolean {
  // Most of a page's links are relative: not worth a URL parse (and its exception) each.
  if (!/^https:\/\//i.test(href)) return false;
  try {
    const url = new URL(href);
    return url.protocol === 'https:' && SOCIAL_HOSTS.test(url.hostname) && url.pathname.length > 1;
  } catch {
    return false;
  }
}

interface Candidate {
  page: MarkupPage;
  org: Entity;
  missing: string[];
}

/** The shop's own organisation: brands and manufacturers of products are other companies. */
function candidates(pages: readonly MarkupPage[]): Candidate[] {
  return pages.flatMap((page) => {
    const others = new Set(
      page.entities.filter(isProductLike).flatMap((p) => [...entityValues(p, 'brand'), ...entityValues(p, 'manufacturer')]),
    );
    return page.entities
      .filter((e) => hasType(e, ORGANIZATION_TYPES) && !others.has(e))
      .map((org) => ({ page, org, missing: FIELDS.filter((f) => !f.present(org)).map((f) => f.name) }));
  });
}

function best(pages: readonly MarkupPage[]): Candidate | undefined {
  // Fewest missing fields; the homepage's wins a tie, being first.
  return candidates(pages).reduce<Candidate | undefined>(
    (top, c) => (top === undefined || c.missing.length < top.missing.length ? c : top),
    undefined,
  );
}

function describe(c: Candidate): string {
  const name = firstText(c.org, 'name');
  return `${c.org.types[0] ?? 'Organization'}${name ? ` "${name}"` : ''}${c.missing.length > 0 ? ` missing ${c.missing.join(', ')}` : ' with name, url, logo, contact and sameAs'}`;
}

function snippet(artifacts: Artifacts, found: Candidate | undefined): string {
  const hrefs = (artifacts.homepage.facts?.anchors ?? []).map((anchor) => anchor.href);
  const social = [...new Set(hrefs.filter(isSocialProfile))].slice(0, 5);
  const email = hrefs
    .find((href) => /^mailto:/i.test(href))
    ?.slice('mailto:'.length)
    .split('?')[0];
  const org = found?.org;
  const logo = org ? values(org, 'logo')[0] : undefined;
  return jsonLdScript({
    '@context': 'https://schema.org',
    '@type': 'OnlineStore',
    name: (org && firstText(org, 'name')) ?? shopName(artifacts),
    url: `${artifacts.site.origin}/`,
    logo: typeof logo === 'string' ? logo : '<absolute URL of your logo, at least 112x112 px>',
    contactPoint: { '@type': 'ContactPoint', contactType: 'customer service', email: email ?? '<support e-mail>' },
    sameAs: social.length > 0 ? social : ['<URL of your Instagram / Facebook / LinkedIn profile>'],
  });
}

export const orgIdentity: CheckDefinition = {
  id: 'org_identity',
  dimension: 'policies_trust',
  title: 'Organization identity in structured data',
  points: 2,

  evaluate(artifacts) {
    const pages = markupPages(artifacts);
    if (pages.length === 0)
      return outcome.notAssessed(
        'No page could be read (not fetched in time, failed or blocked), so the Organization markup was not assessed.',
      );
    const top = best(pages);
    if (top === undefined) {
      return outcome.fail(
        'No Organization or OnlineStore markup: agents cannot confirm who runs the shop or how to reach it.',
        pages.map((p) => evidence(p.url, 'no Organization')),
      );
    }
    const score = (FIELDS.length - top.missing.length) / FIELDS.length;
    const summary = top.missing.length === 0 ? `The shop identifies itself: ${describe(top)}.` : `${describe(top)}.`;
    return outcome.fraction(score, summary, [evidence(top.page.url, describe(top))]);
  },

  advise(result, artifacts) {
    const found = best(markupPages(artifacts));
    const where = result.evidence[0] ? `${result.evidence[0].url}: ${result.evidence[0].value ?? ''}` : 'none found';
    if (found) {
      // The shop has a block: the advice completes it, never asks for one it already has.
      const type = found.org.types[0] ?? 'Organization';
      return {
        title: `Complete the shop's ${type} block`,
        why: `Agents check who is behind a shop before sending a buyer there; the ${type} block it has leaves out what they look for (${where}).`,
        fix: `Add ${found.missing.join(', ')} to the ${type} JSON-LD block on ${found.page.url}: a logo URL, a contactPoint (or postal address) and sameAs links to your official social profiles, as applicable.`,
        snippet: snippet(artifacts, found),
        effort: 'S',
      };
    }
    return {
      title: 'Identify the shop with an Organization (OnlineStore) block',
      why: `Agents check who is behind a shop before sending a buyer there: name, logo, contact and official profiles (${where}).`,
      fix: 'Add one OnlineStore (or Organization) JSON-LD block to the homepage with name, url, logo, a contactPoint (or postal address) and sameAs links to your official social profiles.',
      snippet: snippet(artifacts, found),
      effort: 'S',
    };
  },
};
