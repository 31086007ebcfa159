/** Grading a policy stated in structured data (MerchantReturnPolicy, OfferShippingDetails): where it sits, which fields it has. */
import { entityValues, firstText, hasType, values } from '#shared/scanner/extract/index.js';
import type { Entity, PropValue } from '#shared/scanner/extract/index.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import type { CheckOutcome } from '#shared/scanner/checks/types.js';
import { productPagesRead } from '#shared/scanner/checks/read-artifacts.js';
import type { MarkupPage } from '#shared/scanner/checks/read-artifacts.js';

export interface Field {
  name: string;
  /** The value as stated, or null when the field is missing. */
  value: string | null;
}

export interface PolicyMarkup {
  pageUrl: string;
  /** The type that links to the policy (Offer, OnlineStore, ...), or null when nothing does. */
  carrier: string | null;
  fields: Field[];
}

export interface PolicyKind {
  /** `MerchantReturnPolicy` */
  type: string;
  /** Properties that link a carrier to the policy, e.g. `hasMerchantReturnPolicy`. */
  links: string[];
  /** Types of the policy entity itself, to find unlinked ones. */
  policyTypes: ReadonlySet<string>;
  fields(policy: Entity): Field[];
  /** What an agent cannot do without it, for the fail summary. */
  consequence: string;
}

function isEntity(value: PropValue): value is Entity {
  return typeof value === 'object';
}

/** A stated value for evidence: literals as written, amounts with currency, regions by country. */
export function describe(value: PropValue): string {
  if (!isEntity(value)) return String(value);
  const amount = firstText(value, 'value', 'price', 'minValue');
  if (amount !== null) {
    const max = firstText(value, 'maxValue');
    const unit = firstText(value, 'currency', 'unitCode', 'unitText');
    return [max !== null && max !== amount ? `${amount}-${max}` : amount, unit].filter((p) => p !== null).join(' ');
  }
  const place = firstText(value, 'addressCountry', 'name');
  if (place !== null) return place;
  const nested = Object.values(value.props).flat().find(isEntity);
  return nested ? describe(nested) : (value.types[0] ?? 'set');
}

/** The first value of any of `props` on any of `entities`, described; null when none states it. */
export function fieldValue(entities: readonly Entity[], ...props: string[]): string | null {
  for (const entity of entities) {
    for (const prop of props) {
      const first = values(entity, prop)[0];
      if (first !== undefined) return describe(first);
    }
  }
  return null;
}

/** Every policy of this kind on the pages, linked from an Offer or Organization or standing alone. */
export function findPolicies(pages: readonly MarkupPage[], kind: PolicyKind): PolicyMarkup[] {
  const found: PolicyMarkup[] = [];
  for (const page of pages) {
    const linked = new Set<Entity>();
    for (const carrier of page.entities) {
      for (const policy of kind.links.flatMap((link) => entityValues(carrier, link))) {
        if (linked.has(policy)) continue;
        linked.add(policy);
        found.push({ pageUrl: page.url, carrier: carrier.types[0] ?? 'an untyped node', fields: kind.fields(policy) });
      }
    }
    for (const policy of page.entities.filter((e) => hasType(e, kind.policyTypes) && !linked.has(e))) {
      found.push({ pageUrl: page.url, carrier: null, fields: kind.fields(policy) });
    }
  }
  return found;
}

const missingOf = (p: PolicyMarkup): string[] => p.fields.filter((f) => f.value === null).map((f) => f.name);

function describePolicy(kind: PolicyKind, p: PolicyMarkup): string {
  const stated = p.fields.filter((f) => f.value !== null).map((f) => `${f.name} ${f.value ?? ''}`);
  const missing = missingOf(p);
  const where = p.carrier === null ? 'not linked from an Offer or Organization' : `on ${p.carrier}`;
  return `${kind.type} ${where}${stated.length > 0 ? `: ${stated.join(', ')}` : ''}${missing.length > 0 ? `; missing ${missing.join(', ')}` : ''}`;
}

/** Pass: a linked policy with every field; warn: a partial or unlinked one; fail: none (not_assessed when no product page was read). */
export function gradePolicies(kind: PolicyKind, pages: readonly MarkupPage[]): CheckOutcome {
  if (pages.length === 0)
    return outcome.notAssessed(`No page could be read (not fetched in time, failed or blocked), so ${kind.type} markup was not assessed.`);
  const found = findPolicies(pages, kind);
  const ranked = [...found].sort(
    (a, b) => Number(a.carrier === null) - Number(b.carrier === null) || missingOf(a).length - missingOf(b).length,
  );
  const items = ranked.slice(0, 5).map((p) => evidence(p.pageUrl, describePolicy(kind, p)));
  const best = ranked[0];
  if (best === undefined) {
    if (!productPagesRead(pages)) {
      return outcome.notAssessed(`No ${kind.type} on the homepage; product pages, where offers usually carry it, were not assessed.`, [
        evidence(pages[0]?.url ?? null, `no ${kind.type}`),
      ]);
    }
    return outcome.fail(
      `No ${kind.type} in the structured data of the pages checked: ${kind.consequence}.`,
      pages.map((p) => evidence(p.url, `no ${kind.type}`)),
    );
  }
  const missing = missingOf(best);
  if (best.carrier !== null && missing.length === 0) return outcome.pass(`${describePolicy(kind, best)}.`, items);
  return outcome.warn(`${describePolicy(kind, best)}.`, items);
}
