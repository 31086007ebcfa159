import type { PageFacts } from '#shared/scanner/page-facts.js';
import type { Artifacts } from '#shared/scanner/artifacts.js';
import type { CheckDefinition, Evidence } from '#shared/scanner/checks/types.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import { unreadableReason } from '#shared/scanner/checks/product-data/pages.js';

export const PASS_AT = 6;
// Longer link texts are product cards or banners ("Free delivery on orders over..."), not policy links.
const MAX_TEXT = 40;

/** Link kinds with what their text or URL says, in English, German, French, Spanish, Italian and Dutch. */
const KINDS: { kind: string; label: string; path: string; pattern: RegExp }[] = [
  { kind: 'terms', label: 'Terms of service', path: '/terms', pattern: /\bterms\b|conditions|\btos\b|\bagb\b|\bcg[vu]\b|t[ée]rminos|condiciones|termini|condizioni|voorwaarden|nutzungsbedingungen|terms-of-service/i },
  { kind: 'privacy', label: 'Privacy policy', path: '/privacy', pattern: /privacy|datenschutz|confidentialit[ée]|privacidad|privacit[àa]|donn[ée]es personnelles|\bdsgvo\b|\bgdpr\b/i },
  { kind: 'returns', label: 'Returns and refunds', path: '/returns', pattern: /\breturns?\b|refund|retours?\b|r[üu]ckgabe|rueckgabe|widerruf|umtausch|rembourse|devoluci[oó]n|devoluciones|\bresi\b|rimbors|retourneren|herroeping/i },
  { kind: 'shipping', label: 'Shipping and delivery', path: '/shipping', pattern: /shipping|delivery|versand|lieferung|livraison|exp[ée]dition|env[ií]os?\b|spedizion|consegna|verzending|bezorging|levering/i },
  { kind: 'contact', label: 'Contact', path: '/contact', pattern: /contact|kontakt|contacto|contatt|^mailto:/i },
  { kind: 'about', label: 'About us', path: '/about', pattern: /\babout\b|about-us|[üu]ber[\s-]uns|ueber[\s-]uns|[àa][\s-]propos|qui[\s-]sommes|qui[ée]nes[\s-]somos|sobre[\s-]nosotros|chi[\s-]siamo|over[\s-]ons|our[\s-]story/i },
  { kind: 'FAQ', label: 'FAQ', path: '/faq', pattern: /\bfaqs?\b|frequently asked|h[äa]ufige? fragen|preguntas frecuentes|domande frequenti|veelgestelde|questions fr[ée]quentes/i },
  { kind: 'support', label: 'Help and support', path: '/help', pattern: /\bhelp\b|support|hilfe|\baide\b|ayuda|aiuto|assistenza|klantenservice|customer[\s-]?(?:service|care)|kundenservice|kundendienst|service[\s-]client|atenci[oó]n al cliente/i },
];

const SHOPIFY_PATHS: Record<string, string> = {
  terms: '/policies/terms-of-service', privacy: '/policies/privacy-policy', returns: '/policies/refund-policy',
  shipping: '/policies/shipping-policy', contact: '/pages/contact', about: '/pages/about', FAQ: '/pages/faq', support: '/pages/help',
};

interface Link {
  href: string;
  text: string;
}

function linksOf(facts: PageFacts, base: string): Link[] {
  // <link rel="privacy-policy"> and rel="terms-of-service" are registered link relations for exactly this.
  const relations = facts.links.filter((link) => link.rel.split(/\s+/).some((rel) => rel === 'privacy-policy' || rel === 'terms-of-service'));
  // The head's <link> elements come before the body's anchors, as in document order.
  const written = [
    ...relations.map((link) => ({ raw: link.href, text: link.rel })),
    ...facts.anchors.map((anchor) => ({ raw: anchor.href, text: [anchor.text, anchor.label].filter(Boolean).join(' ') })),
  ];
  return written.flatMap(({ raw, text }) => {
    const href = URL.parse(raw, base)?.href;
    return href === undefined ? [] : [{ href, text: text.replace(/\s+/g, ' ').trim() }];
  });
}

function matches(link: Link, pattern: RegExp): boolean {
  let target = link.href.replace(/^https?:\/\/[^/]+/i, '');
  try {
    target = decodeURIComponent(target);
  } catch {
    // Keep the raw path when it is not valid percent-encoding.
  }
  if (link.href.startsWith('mailto:')) target = link.href;
  return pattern.test(target) || (link.text.length <= MAX_TEXT && pattern.test(link.text));
}

export function findPolicyLinks(facts: PageFacts, base: string): Map<string, Link> {
  const links = linksOf(facts, base);
  const found = new Map<string, Link>();
  for (const { kind, pattern } of KINDS) {
    const link = links.find((l) => matches(l, pattern));
    if (link) found.set(kind, link);
  }
  return found;
}

function footerSnippet(missing: readonly string[], artifacts: Artifacts): string {
  const paths = artifacts.platform.platform === 'shopify' ? SHOPIFY_PATHS : null;
  const anchors = KINDS.filter((k) => missing.includes(k.kind)).map((k) => `  <a href="${paths?.[k.kind] ?? k.path}">${k.label}</a>`);
  return `<nav aria-label="Customer service">\n${anchors.join('\n')}\n</nav>`;
}

export const policyLinks: CheckDefinition = {
  id: 'policy_links',
  dimension: 'policies_trust',
  title: 'Policy and help pages linked from the homepage',
  points: 4,

  evaluate(artifacts) {
    const home = artifacts.homepage;
    const unreadable = unreadableReason(home);
    if (unreadable !== null || home.facts === null) return outcome.notAssessed(`The homepage could not be read (${unreadable ?? 'no HTML'}), so its policy links were not assessed.`, [evidence(home.url, unreadable)]);
    const found = findPolicyLinks(home.facts, home.url);
    const missing = KINDS.map((k) => k.kind).filter((kind) => !found.has(kind));
    const items: Evidence[] = [
      ...(missing.length > 0 ? [evidence(home.url, `missing: ${missing.join(', ')}`)] : []),
      ...[...found].map(([kind, link]) => evidence(link.href, `${kind}: "${link.text}"`)),
    ];
    const count = `${found.size} of ${KINDS.length}`;
    const summary =
      found.size === 0
        ? `The homepage's raw HTML links none of the policy and help pages (terms, privacy, returns, shipping, contact, about, FAQ, support).`
        : missing.length === 0
          ? `The homepage links all ${KINDS.length} policy and help pages.`
          : `The homepage links ${count} policy and help pages; missing ${missing.join(', ')}.`;
    return outcome.fraction(found.size / PASS_AT, summary, items);
  },

  advise(_result, artifacts) {
    const home = artifacts.homepage;
    const found = home.facts ? findPolicyLinks(home.facts, home.url) : new Map<string, Link>();
    const missing = KINDS.map((k) => k.kind).filter((kind) => !found.has(kind));
    return {
      title: 'Link your policy and help pages from every page footer',
      why: `Before recommending a shop, agents look for its terms, returns, shipping and contact pages; the raw HTML of ${home.url} links ${found.size} of ${KINDS.length} (missing: ${missing.join(', ')}).`,
      fix: 'Add plain <a href> links in the server-rendered footer to each missing page (create the page first if it does not exist). Links injected by JavaScript or only in a menu drawer loaded later are invisible to agents reading raw HTML.',
      snippet: footerSnippet(missing, artifacts),
      effort: 'S',
    };
  },
};
