import type { Recommendation } from '#shared/model/scans/scan-result.js';
import { jsonLdScript } from '#shared/scanner/checks/wording.js';

/**
 * The checks whose subject is the block itself, not one of its fields or where it is served: when one of
 * them advises a block, the block's absence is the root cause of the other findings it would fix.
 * `jsonld_not_js` (where the block is served) follows them; its own fix still reads beside theirs.
 */
const ROOT_CHECKS = ['schema_present', 'offer_core', 'org_identity'];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface Block {
  recommendation: Recommendation;
  data: JsonObject;
  type: string;
  /** The page the block describes (its Offer's URL), when it names one. */
  page: string | null;
}

const SCRIPT = /^<script type="application\/ld\+json">\n([\s\S]*)\n<\/script>$/;

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A snippet that is exactly one JSON-LD block of one typed object, read; null for anything else. */
function typedBlock(snippet: string | null): { data: JsonObject; type: string } | null {
  const body = snippet === null ? undefined : SCRIPT.exec(snippet)?.[1];
  if (body === undefined) return null;
  let data: Json;
  try {
    data = JSON.parse(body) as Json;
  } catch {
    return null;
  }
  return isObject(data) && typeof data['@type'] === 'string' ? { data, type: data['@type'] } : null;
}

/** The `@type` of a snippet that is one JSON-LD block (what findings share by), else null. */
export function snippetBlockType(snippet: string | null): string | null {
  return typedBlock(snippet)?.type ?? null;
}

function blockOf(recommendation: Recommendation): Block | null {
  const block = typedBlock(recommendation.snippet);
  if (!block) return null;
  const offers = block.data.offers;
  return { recommendation, ...block, page: isObject(offers) && typeof offers.url === 'string' ? offers.url : null };
}

/** Every value of another product's block stands as a placeholder: its data would be wrong here. */
function asPlaceholder(key: string, value: Json): Json {
  if (isObject(value))
    return Object.fromEntries(Object.entries(value).map(([inner, innerValue]) => [inner, asPlaceholder(inner, innerValue)]));
  if (Array.isArray(value)) return value.map((item) => asPlaceholder(key, item));
  return key.startsWith('@') ? value : `<${key}>`;
}

/** Adds to `into` what `from` states and it lacks, at every depth; what `into` states is kept. */
function mergeInto(into: JsonObject, from: JsonObject, samePage: boolean): void {
  for (const [key, value] of Object.entries(from)) {
    const existing = into[key];
    if (existing === undefined) into[key] = samePage ? value : asPlaceholder(key, value);
    else if (isObject(existing) && isObject(value)) mergeInto(existing, value, samePage);
  }
}

/**
 * One finding per root cause (docs/decisions/091-one-block-per-fix.md): recommendations whose examples
 * are JSON-LD blocks of the same type are one change to one template. The lead (a root check, else the
 * first in the list's order) carries one example with every field the others ask for; the others keep
 * their own title, reasons, fix and gain, point to it with `sameFixAs`, and drop their copy of the block.
 * The list keeps its order and one entry per check, as the rubric asks.
 */
export function shareSnippets(recommendations: readonly Recommendation[]): Recommendation[] {
  const byType = new Map<string, Block[]>();
  for (const block of recommendations.map(blockOf)) {
    if (!block) continue;
    const group = byType.get(block.type);
    if (group) group.push(block);
    else byType.set(block.type, [block]);
  }
  const changed = new Map<Recommendation, Recommendation>();
  for (const group of byType.values()) {
    if (group.length < 2) continue;
    const lead = ROOT_CHECKS.map((id) => group.find((block) => block.recommendation.checkId === id)).find(Boolean) ?? group[0]!;
    const data = structuredClone(lead.data);
    for (const block of group) {
      if (block === lead) continue;
      mergeInto(data, block.data, block.page === lead.page);
      changed.set(block.recommendation, { ...block.recommendation, snippet: null, sameFixAs: lead.recommendation.checkId });
    }
    changed.set(lead.recommendation, { ...lead.recommendation, snippet: jsonLdScript(data) });
  }
  return recommendations.map((recommendation) => changed.get(recommendation) ?? recommendation);
}
