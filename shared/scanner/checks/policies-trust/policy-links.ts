import { runsNoScript } from '#shared/scanner/checks/runs-no-script.js';
import type { PageFacts } from '#shared/scanner/page-facts.js';
import type { Artifacts } from '#shared/scanner/artifacts.js';
import type { CheckDefinition, Evidence } from '#shared/scanner/checks/types.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import { markupUnreadableReason } from '#shared/scanner/checks/read-artifacts.js';

export const PASS_AT = 6;
// Longer link texts are product cards or banners ("Free delivery on orders over..."), not policy links.
const MAX_TEXT = 40;

/** Link kinds with what their text or URL says, in English, German, French, Spanish, Italian and Dutch. */
const KINDS: { kind: string; label: string; path: string; pattern: RegExp }[] = [
  {
    kind: 'terms',
    label: 'Terms of service',
    path: '/terms',
    pattern:
      /\bterms\b|conditions|\btos\b|\bagb\b|\bcg[vu]\b|t[ée]rminos|condiciones|termini|condizioni|voorwaarden|nutzungsbedingungen|terms-of-service/i,
  },
  {
    kind: 'privacy',
    label: 'Privacy policy',
    path: '/privacy',
    pattern: /privacy|datenschutz|confidentialit[ée]|privacidad|privacit[àa]|donn[ée]es personnelles|\bdsgvo\b|\bgdpr\b/i,
  },
  {
    kind: 'returns',
    label: 'Returns and refunds',
    path: '/returns',
    pattern:
      /\breturns?\b|refund|retours?\b|r[üu]ckgabe|rueckgabe|widerruf|umtausch|rembourse|devoluci[oó]n|devoluciones|\bresi\b|rimbors|retourneren|herroeping/i,
  },
  {
    kind: 'shipping',
    label: 'Shipping and delivery',
    path: '/shipping',
    pattern: /shipping|delivery|versand|lieferung|livraison|exp[ée]dition|env[ií]os?\b|spedizion|consegna|verzending|bezorging|levering/i,
  },
  { kind: 'contact', label: 'Contact', path: '/contact', pattern: /contact|kontakt|contacto|contatt|^mailto:/i },
  {
    kind: 'about',
    label: 'About us',
    path: '/about',
    pattern:
      /\babout\b|about-us|[üu]ber[\s-]uns|ueber[\s-]uns|[àa][\s-]propos|qui[\s-]sommes|qui[ée]nes[\s-]somos|sobre[\s-]nosotros|chi[\s-]siamo|over[\s-]ons|our[\s-]story/i,
  },
  {
    kind: 'FAQ',
    label: 'FAQ',
    path: '/faq',
    pattern: /\bfaqs?\b|frequently asked|h[äa]ufige? fragen|preguntas frecuentes|domande frequenti|veelgestelde|questions fr[ée]quentes/i,
  },
  {
    kind: 'support',
    label: 'Help and support',
    path: '/help',
    pattern:
      /\bhelp\b|support|hilfe|\baide\b|ayuda|aiuto|assistenza|klantenservice|customer[\s-]?(?:service|care)|kundenservice|kundendienst|service[\s-]client|atenci[oó]n al cliente/i,
  },
];

const SHOPIFY_PATHS: Record<string, string> = {
  terms: '/policies/terms-of-service',
  privacy: '/policies/privacy-policy',
  returns: '/policies/refund-policy',
  shipping: '/policies/shipping-policy',
  contact: '/pages/contact',
  about: '/pages/about',
  FAQ: '/pages/faq',
  support: '/pages/help',
};

interface Link {
  href: string;
  text: string;
}

/** The page's links in document order, resolved one at a time: a shop's footer is found long before a 5,000-card grid is. */
function* linksOf(facts: PageFacts, base: string): Generator<Link> {
  // <link rel="privacy-policy"> and rel="terms-of-service" are registered link relations for exactly this.
  // The head's <link> elements come before the body's anchors, as in document order.
  for (const link of facts.links) {
    if (!link.rel.split(/\s+/).some((rel) => rel === 'privacy-policy' || rel === 'terms-of-service')) continue;
    const href = URL.parse(link.href, base)?.href;
    if (href !== undefined) yield { href, text: link.rel.replace(/\s+/g, ' ').trim() };
  }
  for (const anchor of facts.anchors) {
    const href = URL.parse(anchor.href, base)?.href;
    // Anchor text and label are whitespace-folded already (page-facts.ts).
    if (href !== undefined) yield { href, text: [anchor.text, anchor.label].filter(Boolean).join(' ') };
  }
}

/** What a link's kind is read from: its decoded path (its whole address for mailto:) and, when short, its text. */
function readable(link: Link): { target: string; text: string | null } {
  let target = link.href.replace(/^https?:\/\/[^/]+/i, '');
  try {
    target = decodeURIComponent(target);
  } catch {
    // Keep the raw path when it is not valid percent-encoding.
  }
  if (link.href.startsWith('mailto:')) target = link.href;
  return { target, text: link.text.length <= MAX_TEXT ? link.text : null };
}

/** For each kind, the first link in document order that matches it; keyed in the order of KINDS. */
export function findPolicyLinks(facts: PageFacts, base: string): Map<string, Link> {
  const first = new Map<string, Link>();
  for (const link of linksOf(facts, base)) {
    const { target, text } = readable(link);
    for (const { kind, pattern } of KINDS) {
      if (!first.has(kind) && (pattern.test(target) || (text !== null && pattern.test(text)))) first.set(kind, link);
    }
    if (first.size === KINDS.length) break;
  }
  const found = new Map<string, Link>();
  for (const { kind } of KINDS) {
    const link = first.get(kind);
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
    const unreadable = markupUnreadableReason(home);
    if (unreadable !== null || home.facts === null)
      return outcome.notAssessed(`The homepage could not be read (${unreadable ?? 'no HTML'}), so its policy links were not assessed.`, [
        evidence(home.url, unreadable),
      ]);
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
      fix: `Add plain <a href> links in the server-rendered footer to each missing page (create the page first if it does not exist).${
        runsNoScript(home)
          ? ''
          : ' Links injected by JavaScript or only in a menu drawer loaded later are invisible to agents reading raw HTML.'
      }`,
      snippet: footerSnippet(missing, artifacts),
      effort: 'S',
    };
  },
};
