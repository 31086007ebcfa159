import { z } from 'zod';
import { CheckStatus, DateTime, NullableDateTime, TierName, Uuid, queryInteger, type Same } from '#shared/http/schemas/common-schemas.js';
import { targetUrl } from '#shared/http/schemas/target-url-schemas.js';
import type { TargetPolicy } from '#shared/outbound/target-policy.js';
import type { ScanResult as EngineScanResult } from '#shared/model/scans/scan-result.js';
import { scanStages } from '#shared/model/scans/scan-stage.js';
import {
  agentRoles,
  assistantIds,
  assistantStepStatuses,
  assistantSteps,
  stepBases,
  stepDriveOutcomes,
  stepDriveKinds,
  assistantVerdicts,
  edgeAnswers,
  robotsObediences,
  robotsStandings,
  signalIds,
  signalStatuses,
  versionStandings,
} from '#shared/model/scans/scan-result.js';

export function scanRequest(policy: TargetPolicy) {
  return z.strictObject({ url: targetUrl(policy) }).meta({ id: 'ScanRequest' });
}

export const Evidence = z.object({ url: z.string().nullable(), value: z.string().nullable() });

export const CheckResult = z
  .object({
    id: z.string(),
    dimension: z.string(),
    title: z.string(),
    status: CheckStatus,
    score: z.number().min(0).max(1).nullable(),
    points: z.number(),
    earned: z.number(),
    summary: z.string(),
    evidence: z.array(Evidence),
    platformProvided: z.boolean(),
  })
  .meta({ id: 'CheckResult' });

export const DimensionResult = z
  .object({
    id: z.string(),
    name: z.string(),
    weight: z.number(),
    score: z.number().int().min(0).max(100).nullable(),
    earned: z.number(),
    available: z.number(),
    checks: z.array(z.string()),
  })
  .meta({ id: 'DimensionResult' });

export const Recommendation = z
  .object({
    checkId: z.string(),
    priority: z.enum(['critical', 'high', 'medium', 'low']),
    title: z.string(),
    why: z.string(),
    fix: z.string(),
    snippet: z.string().nullable(),
    estimatedGain: z.number(),
    effort: z.enum(['S', 'M', 'L']),
    sameFixAs: z.string().optional().meta({
      description:
        "The checkId of the recommendation whose change also fixes this one (the same JSON-LD block): its snippet holds this one's fields too, so this one has none",
    }),
  })
  .meta({ id: 'Recommendation' });

const FACT_FIELD_NAMES = ['name', 'price', 'currency', 'availability', 'sku', 'gtin', 'mpn', 'brand', 'image'] as const;
const FactSource = z.enum(['json-ld', 'microdata', 'rdfa', 'open-graph', 'text']).nullable();

export const FactDisagreement = z
  .object({
    field: z.enum(['price', 'availability']),
    markup: z
      .object({
        value: z.string(),
        currency: z.string().nullable(),
        source: z.enum(['json-ld', 'microdata', 'rdfa', 'open-graph']),
      })
      .meta({ description: 'What the markup states, in which syntax; `currency` only for a price' }),
    visible: z.object({ value: z.string(), currency: z.string().nullable(), source: z.enum(['text']) }).meta({
      description: 'What a shopper reads on the page: the value agents that browse take; `currency` null when the mark is ambiguous ($)',
    }),
    basis: z.enum(['price-not-shown', 'price-is-list-price', 'sold-out-shown', 'buy-button-enabled']).meta({
      description:
        "Why the page's value is taken: the markup's price appears nowhere on the page, or only as the crossed-out list price beside the price shown; the buy box says sold out with no buy button; or the buy button is enabled with no sold-out wording beside it",
    }),
  })
  .meta({ id: 'FactDisagreement', description: 'One field the markup states one way and the visible page another' });

export const ProductFacts = z
  .object({
    url: z.string(),
    name: z.string().nullable(),
    price: z.string().nullable(),
    currency: z.string().nullable(),
    availability: z.string().nullable(),
    sku: z.string().nullable(),
    gtin: z.string().nullable(),
    mpn: z.string().nullable(),
    brand: z.string().nullable(),
    image: z.string().nullable(),
    source: z
      .enum(['json-ld', 'microdata', 'rdfa', 'opengraph', 'text'])
      .nullable()
      .meta({ description: 'The syntax the product was found in; `text` when only the visible page shows it' }),
    sources: z
      .object(
        Object.fromEntries(FACT_FIELD_NAMES.map((field) => [field, FactSource])) as Record<
          (typeof FACT_FIELD_NAMES)[number],
          typeof FactSource
        >,
      )
      .meta({
        description:
          'Where each value was read: a markup syntax, or `text` (the visible page only, no markup states it); null for a value nobody states',
      }),
    disagreements: z.array(FactDisagreement).optional().meta({
      description:
        "Fields the markup and the visible page state differently; the value above is the page's. Every new scan lists it (empty when they agree); results stored before it have none",
    }),
  })
  .meta({ id: 'ProductFacts' });

export const PageRecord = z
  .object({
    url: z.string(),
    kind: z.enum(['homepage', 'product']),
    status: z.number().int().nullable(),
    timing: z.object({ ttfbMs: z.number().nullable(), totalMs: z.number().nullable() }),
    bytes: z.number().int().nullable(),
  })
  .meta({ id: 'PageRecord' });

export const Signal = z
  .object({
    id: z.enum(signalIds),
    url: z.string().meta({ description: 'Where the scan looked for the document (an address on the scanned site)' }),
    status: z.enum(signalStatuses).meta({
      description:
        'valid: found and well formed per its spec; invalid: found but broken (`problems` says how); missing: 404/410 or absent; not_checked: the tier or the scan budget did not fetch it',
    }),
    version: z.string().optional().meta({ description: 'The version the document declares, when it declares one' }),
    versionStanding: z.enum(versionStandings).optional().meta({
      description:
        "Where the declared version stands: current (the version the scanner pins), older (still read), newer (a later version or a draft, judged by the newest rules the scanner knows), unknown (not in the standard's form)",
    }),
    problems: z.array(z.string()).meta({ description: 'Why an invalid document is broken, one problem per entry; empty otherwise' }),
    warnings: z
      .array(z.string())
      .optional()
      .meta({ description: 'What an agent can work around but the shop should fix (an older version, a path no longer recommended)' }),
  })
  .meta({
    id: 'Signal',
    description: 'One agent-facing document in the inventory: robots.txt, sitemap, UCP profile, MCP server card and the like',
  });

export const AssistantStep = z
  .object({
    step: z.enum(assistantSteps),
    status: z.enum(assistantStepStatuses),
    checks: z.array(z.string()).meta({ description: 'The check ids the step was judged on' }),
    reason: z.string().meta({ description: 'Why the step has this status, in words for the shop owner' }),
    basis: z.enum(stepBases).optional().meta({
      description:
        "How a buy step knows: exercised when a paid scan called the checkout endpoint the assistant buys through and its answer went into the verdict; declared when only the shop's documents and pages were read. Buy steps of new scans carry it; other steps and older results have none",
    }),
    drive: z
      .object({
        url: z.string().meta({ description: 'The URL called' }),
        outcome: z.enum(stepDriveOutcomes).meta({
          description:
            'as_specified: answered as the protocol says; undocumented_error: an error outside its shape; failed: no usable answer',
        }),
        detail: z.string().meta({ description: 'The request and what came back, in one line' }),
        kind: z.enum(stepDriveKinds).optional().meta({
          description:
            'probe: one read of a checkout session that does not exist, without credentials (paid scans); checkout: a checkout created, read back, compared with the page and cancelled, never completed (the rescan of a site its owner proved is theirs); absent in older results',
        }),
      })
      .nullable()
      .optional()
      .meta({ description: 'The call behind an exercised basis; null when the step is declared' }),
  })
  .meta({ id: 'AssistantStep', description: 'One of the four steps (find, read, trust, buy) as this assistant takes it' });

const EdgeAnswer = z.enum(edgeAnswers).meta({
  description:
    "served like the scanner's own request; refused (401, 403, 429); challenged (a challenge page); stripped (served without the product facts the scanner's copy has); error (5xx where the scanner was served); not_assessed (the scanner itself was not served, or no answer)",
});

export const EdgeProbe = z
  .object({
    token: z
      .string()
      .meta({ description: "The product token whose vendor-documented User-Agent string was sent, the scanner's own token appended" }),
    userAgent: z.string().meta({ description: 'The User-Agent header exactly as sent' }),
    answer: EdgeAnswer,
    pages: z.array(
      z.object({
        url: z.string(),
        scanner: z.string().meta({ description: "What the scanner's own request got, e.g. HTTP 200" }),
        agent: z.string().meta({ description: "What the request with the assistant's User-Agent got, e.g. HTTP 403" }),
        answer: EdgeAnswer,
      }),
    ),
  })
  .meta({
    id: 'EdgeProbe',
    description:
      "Paid tiers: the homepage and one product page asked once with this assistant's documented User-Agent (the scanner's token appended), compared with the scanner's own answer",
  });

export const AssistantAccess = z
  .object({
    role: z.enum(agentRoles).meta({
      description: 'search: agents that index the shop so the assistant can find it; user: agents that fetch a page when a person asks',
    }),
    agents: z.array(z.string()).meta({ description: "The vendor's product tokens in this role; empty when it documents none" }),
    robots: z.enum(robotsStandings).meta({
      description:
        "What the shop's robots.txt says to these agents on / and the sampled product pages; unknown when robots.txt was not read",
    }),
    obeysRobots: z.enum(robotsObediences).meta({
      description: 'Whether the vendor says these agents follow robots.txt (follows) or may not (may_ignore)',
    }),
    vendorSays: z.string().meta({ description: "The vendor's documented behaviour, in brief" }),
    source: z.string().nullable().meta({ description: 'The vendor page that documents it' }),
    edge: EdgeProbe.optional(),
    summary: z
      .string()
      .meta({ description: "One line: what the shop's robots.txt and edge do to this role, and which of them the owner controls" }),
  })
  .meta({ id: 'AssistantAccess', description: "One role of an assistant's agents (search or user-initiated) and what reaches it" });

export const Assistant = z
  .object({
    id: z.enum(assistantIds),
    name: z.string().meta({ description: 'The assistant as a shop owner knows it, e.g. ChatGPT' }),
    verdict: z.enum(assistantVerdicts).meta({
      description: 'The last step the assistant reaches in the order find, read, trust, buy; blocked when it cannot find the shop',
    }),
    steps: z.array(AssistantStep),
    access: z.array(AssistantAccess).meta({ description: 'Search and user-initiated visits, reported apart (search first)' }),
    firstFix: z.string().nullable().meta({ description: 'The checkId of the recommendation to act on first for this assistant' }),
  })
  .meta({ id: 'Assistant', description: 'What one AI assistant can do on the shop, and the fix that helps it most' });

export const ScanResult = z
  .object({
    id: Uuid,
    url: z.string(),
    finalUrl: z.string(),
    tier: TierName,
    score: z.number().int().min(1).max(100),
    band: z.enum(['agent_ready', 'partially_ready', 'needs_work', 'not_ready']),
    coverage: z.number().min(0).max(1),
    caps: z.array(z.object({ id: z.string(), limit: z.number().int(), reason: z.string() })),
    dimensions: z.array(DimensionResult),
    checks: z.array(CheckResult),
    recommendations: z.array(Recommendation),
    products: z.array(ProductFacts),
    pages: z.array(PageRecord),
    signals: z.array(Signal).meta({ description: 'Every agent-facing document the scan looks for, found or not' }),
    assistants: z.array(Assistant).meta({ description: 'Per AI assistant: can it find, read, trust and buy on this shop' }),
    platform: z.enum(['shopify', 'woocommerce', 'bigcommerce', 'magento', 'custom']),
    createdAt: DateTime,
    expiresAt: NullableDateTime,
    durationMs: z.number().int(),
    scannerVersion: z.string(),
  })
  .meta({ id: 'ScanResult' });

/** The schema says exactly what the scanner returns: a change to either fails to compile until both agree. */
export const scanResultMatchesEngine: Same<z.output<typeof ScanResult>, EngineScanResult> = true;

export const ScanProgress = z
  .object({
    stage: z.enum(scanStages).nullable().meta({
      description: 'homepage, site-files, product-pages (paid tiers only), then scoring; null until the scan reports its first stage',
    }),
    updatedAt: NullableDateTime,
  })
  .meta({ id: 'ScanProgress' });

export const RateLimitError = z
  .object({ error: z.string(), retryAfterSeconds: z.number().int().positive() })
  .meta({ id: 'RateLimitError' });

export function listScansQuery(defaultLimit: number, maxLimit: number, maxOffset: number) {
  return z.object({
    limit: queryInteger({ min: 1, max: maxLimit, default: defaultLimit }),
    offset: queryInteger({ min: 0, max: maxOffset, default: 0 }),
    cursor: z
      .string()
      .max(4_096, 'must be at most 4096 characters')
      .optional()
      .meta({ description: 'The nextCursor of the previous page; pages without an offset.' }),
  });
}

export const ScanList = z
  .object({
    scans: z.array(ScanResult),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
    nextCursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null on the last page.' }),
  })
  .meta({ id: 'ScanList' });
