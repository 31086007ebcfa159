import type { CheckoutDriveGrant } from '#shared/scanner/drives/ask-checkout-drive.js';
import { randomUUID } from 'node:crypto';
import type { Tier } from '#shared/model/tiers.js';
import { finalUrlOf, type Artifacts, type PageArtifact } from '#shared/scanner/artifacts.js';
import { capsFor } from '#shared/scanner/caps.js';
import { assessAssistants } from '#shared/scanner/assistants/index.js';
import { allChecks } from '#shared/scanner/checks/index.js';
import type { Fetcher } from '#shared/outbound/types.js';
import type { TargetPolicy } from '#shared/outbound/target-policy.js';
import type { RequestSigner } from '#shared/outbound/web-bot-auth/index.js';
import { validateTargetUrl } from '#shared/outbound/target-url.js';
import type { FetchLogEntry } from '#shared/scanner/fetch-session.js';
import { FACT_FIELDS } from '#shared/scanner/extract/types.js';
import { gather } from '#shared/scanner/gather.js';
import { recommend } from '#shared/scanner/recommendations.js';
import { ScanError } from '#shared/scanner/scan-errors.js';
import { score } from '#shared/scanner/scoring.js';
import { signalInventory } from '#shared/scanner/signals.js';
import { scannerVersion } from '#shared/scanner/version.js';
import type { StageListener } from '#shared/scanner/stage-listener.js';
import type { PageMarkupCache } from '#shared/scanner/analyse-page.js';

import type { ScanResult } from '#shared/model/scans/scan-result.js';

export type { ScanResult };

export interface ScanOptions {
  tier: Tier;
  /** Product pages allowed besides the homepage: free 0, pro 1, growth 4. */
  productPageBudget: number;
  fetcher: Fetcher;
  policy: TargetPolicy;
  /** The whole scan must finish by then (epoch ms); anything not fetched in time is not_assessed. */
  deadline: number;
  now?: () => number;
  /** How long the result is kept, counted from its createdAt; null (the default) for results that do not expire. */
  retentionMs?: number | null;
  id?: string;
  /** Told as the scan moves from one stage to the next. */
  onStage?: StageListener;
  /** Markup read by earlier scans in this process (the batch worker's), reused for unchanged pages. */
  markupCache?: PageMarkupCache | undefined;
  /** The scanner's Web Bot Auth key and the origin serving its directory; without it web_bot_auth is not assessed. */
  webBotAuth?: RequestSigner | undefined;
  /** Given only to a proven owner's rescan that asks for it: the scan then drives a checkout (create, read, cancel). */
  checkoutDrive?: CheckoutDriveGrant | undefined;
  /** The service's UCP platform profile (PUBLIC_BASE_URL/.well-known/ucp): paid scans look a product up in a UCP catalog with it. */
  ucpAgentProfile?: string | undefined;
}

export interface ScanOutcome {
  result: ScanResult;
  artifacts: Artifacts;
  log: FetchLogEntry[];
}

const definitions = new Map(allChecks.map((check) => [check.id, check]));

/** Scans one URL: validate, gather once, judge every check, score, cap, advise. */
export async function scanUrl(rawUrl: string, options: ScanOptions): Promise<ScanOutcome> {
  const now = options.now ?? Date.now;
  const started = now();
  const validated = validateTargetUrl(rawUrl.trim(), options.policy);
  if (!validated.ok) throw new ScanError('invalid_url', validated.message);

  const { artifacts, log } = await gather(validated.url, {
    tier: options.tier,
    productPageBudget: options.productPageBudget,
    fetcher: options.fetcher,
    deadline: options.deadline,
    onStage: options.onStage,
    now,
    markupCache: options.markupCache,
    webBotAuth: options.webBotAuth,
    checkoutDrive: options.checkoutDrive,
    ucpAgentProfile: options.ucpAgentProfile,
  });
  options.onStage?.('scoring');
  const results = allChecks.map((definition) => ({ definition, outcome: definition.evaluate(artifacts) }));
  const scored = score(results, capsFor(artifacts));
  const recommendations = recommend(scored.checks, definitions, artifacts, scored);
  const pages = [artifacts.homepage, ...artifacts.productPages.filter((page) => page.url !== artifacts.homepage.url)];
  const result: ScanResult = {
    id: options.id ?? randomUUID(),
    url: validated.url.toString(),
    finalUrl: finalUrlOf(artifacts.homepage),
    tier: options.tier,
    score: scored.score,
    band: scored.band,
    coverage: scored.coverage,
    caps: scored.caps,
    dimensions: scored.dimensions,
    checks: scored.checks.map((check) => ({
      id: check.id,
      dimension: check.dimension,
      title: check.title,
      status: check.status,
      score: check.score,
      points: check.points,
      earned: check.earned,
      summary: check.summary,
      evidence: check.evidence,
      platformProvided: check.platformProvided,
    })),
    recommendations,
    products: artifacts.productPages.map(productRecord),
    pages: pages.map(pageRecord),
    signals: signalInventory(artifacts),
    assistants: assessAssistants(artifacts, scored.checks, recommendations),
    platform: artifacts.platform.platform,
    createdAt: new Date(started).toISOString(),
    expiresAt: options.retentionMs ? new Date(started + options.retentionMs).toISOString() : null,
    durationMs: Math.max(0, Math.round(now() - started)),
    scannerVersion,
  };
  return { result, artifacts, log };
}

/**
 * "What agents see" on a product page: its markup, and what only its visible text shows, each value
 * labelled with where it was read; where the two disagree, the page's value and both in `disagreements`.
 */
function productRecord(page: PageArtifact): ScanResult['products'][number] {
  const facts = page.agentView;
  const sources = Object.fromEntries(
    FACT_FIELDS.map((field) => [field, facts?.sources[field] ?? null]),
  ) as ScanResult['products'][number]['sources'];
  return {
    url: finalUrlOf(page),
    name: facts?.name ?? null,
    price: facts?.price ?? null,
    currency: facts?.currency ?? null,
    availability: facts?.availability ?? null,
    sku: facts?.sku ?? null,
    gtin: facts?.gtin ?? null,
    mpn: facts?.mpn ?? null,
    brand: facts?.brand ?? null,
    image: facts?.image ?? null,
    source: facts?.source ?? null,
    sources,
    disagreements: facts?.disagreements ?? [],
  };
}

function pageRecord(page: PageArtifact): ScanResult['pages'][number] {
  const resource = page.retrieval.state === 'fetched' ? page.retrieval.resource : null;
  return {
    url: finalUrlOf(page),
    kind: page.kind,
    status: resource?.status ?? null,
    timing: {
      ttfbMs: resource ? Math.round(resource.timing.ttfbMs) : null,
      totalMs: resource ? Math.round(resource.timing.totalMs) : null,
    },
    bytes: resource?.bytes ?? null,
  };
}
