import type { Tier } from '#shared/model/tiers.js';

/** One scored dimension of the rubric. */
export interface ScoredDimension {
  id: string;
  name: string;
  weight: number;
  score: number | null;
  earned: number;
  available: number;
  checks: string[];
}

/** One fix the report recommends. */
export interface Recommendation {
  checkId: string;
  priority: 'critical' | 'high' | 'medium' | 'low';
  title: string;
  why: string;
  fix: string;
  snippet: string | null;
  estimatedGain: number;
  effort: 'S' | 'M' | 'L';
}

/**
 * What a scan returns: the scanner builds it, the stores keep it, events and alerts read it. The HTTP schema
 * (shared/http/schemas/scan-schemas.ts) is checked against it at compile time, so the API contract and the
 * engine cannot drift apart.
 */
export interface ScanResult {
  id: string;
  url: string;
  finalUrl: string;
  tier: Tier;
  /** 1 to 100. */
  score: number;
  band: 'agent_ready' | 'partially_ready' | 'needs_work' | 'not_ready';
  /** 0 to 1: the share of the rubric's points that could be assessed. */
  coverage: number;
  caps: Array<{ id: string; limit: number; reason: string }>;
  dimensions: ScoredDimension[];
  checks: CheckRecord[];
  recommendations: Recommendation[];
  products: ProductFactsRecord[];
  pages: PageRecord[];
  platform: 'shopify' | 'woocommerce' | 'bigcommerce' | 'magento' | 'custom';
  createdAt: string;
  expiresAt: string | null;
  durationMs: number;
  scannerVersion: string;
}

export type CheckStatus = 'pass' | 'warn' | 'fail' | 'not_applicable' | 'not_assessed';

export interface EvidenceRecord {
  url: string | null;
  value: string | null;
}

export interface CheckRecord {
  id: string;
  dimension: string;
  title: string;
  status: CheckStatus;
  score: number | null;
  points: number;
  earned: number;
  summary: string;
  evidence: EvidenceRecord[];
  platformProvided: boolean;
}

export interface ProductFactsRecord {
  url: string;
  name: string | null;
  price: string | null;
  currency: string | null;
  availability: string | null;
  sku: string | null;
  gtin: string | null;
  mpn: string | null;
  brand: string | null;
  image: string | null;
  /** The syntax the product was found in (rubric), or `text` when only the visible page shows it. */
  source: 'json-ld' | 'microdata' | 'rdfa' | 'opengraph' | 'text' | null;
  /** Where each value above was read; null for a value nobody states. */
  sources: Record<
    'name' | 'price' | 'currency' | 'availability' | 'sku' | 'gtin' | 'mpn' | 'brand' | 'image',
    'json-ld' | 'microdata' | 'rdfa' | 'open-graph' | 'text' | null
  >;
}

export interface PageRecord {
  url: string;
  kind: 'homepage' | 'product';
  status: number | null;
  timing: { ttfbMs: number | null; totalMs: number | null };
  bytes: number | null;
}
