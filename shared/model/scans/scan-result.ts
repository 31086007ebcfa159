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
  /** The check whose recommendation carries this one's change: one block, one template (decision 091). */
  sameFixAs?: string;
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
  /** Every agent-facing document the scan looks for, found or not (docs/rubric.md, "Signals"). */
  signals: SignalRecord[];
  /** What each AI assistant can do on the shop: find, read, trust, buy (docs/rubric.md, "Assistants"). */
  assistants: AssistantRecord[];
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
  /**
   * Fields the markup and the visible page state differently; the value above is the page's (docs/rubric.md,
   * "What agents see"). Every new scan lists it, empty when they agree; results stored before it have none.
   */
  disagreements?: FactDisagreementRecord[];
}

/** One field the markup states one way and the visible page another. */
export interface FactDisagreementRecord {
  field: 'price' | 'availability';
  /** What the markup states; `currency` only for a price. */
  markup: { value: string; currency: string | null; source: 'json-ld' | 'microdata' | 'rdfa' | 'open-graph' };
  /** What a shopper reads on the page, the value agents that browse take; `currency` null when the mark is ambiguous (`$`). */
  visible: { value: string; currency: string | null; source: 'text' };
  /**
   * Why the page's value is taken: `price-not-shown` (the markup's price appears nowhere on the page),
   * `price-is-list-price` (the markup's price is the crossed-out list price beside it), `sold-out-shown`
   * (the buy box says sold out, with no buy button), `buy-button-enabled` (an enabled buy button, no
   * sold-out wording beside it).
   */
  basis: 'price-not-shown' | 'price-is-list-price' | 'sold-out-shown' | 'buy-button-enabled';
}

export interface PageRecord {
  url: string;
  kind: 'homepage' | 'product';
  status: number | null;
  timing: { ttfbMs: number | null; totalMs: number | null };
  bytes: number | null;
}

export const signalIds = [
  'robots_txt',
  'sitemap',
  'llms_txt',
  'markdown',
  'ucp',
  'acp',
  'mcp_server_card',
  'a2a_agent_card',
  'ai_catalog',
  'api_catalog',
  'oauth_authorization_server',
  'security_txt',
  'web_bot_auth',
] as const;
export type SignalId = (typeof signalIds)[number];

export const signalStatuses = ['valid', 'invalid', 'missing', 'not_checked'] as const;
/** valid: found and well formed per its spec; invalid: found but broken; missing: 404/410 or absent; not_checked: not fetched. */
export type SignalStatus = (typeof signalStatuses)[number];

/** Where a declared version stands: current (pinned), older (still read), newer (later or a draft), unknown (not in the standard's form). */
export const versionStandings = ['current', 'older', 'newer', 'unknown'] as const;
export type VersionStanding = (typeof versionStandings)[number];

/** One agent-facing document in the inventory. */
export interface SignalRecord {
  id: SignalId;
  url: string;
  status: SignalStatus;
  /** The version the document declares, when it declares one. */
  version?: string;
  /** Where that version stands against the ones the scanner knows, when it declares one. */
  versionStanding?: VersionStanding;
  /** Why an invalid document is broken, one problem per entry; empty otherwise. */
  problems: string[];
  /** What an agent can work around but the shop should fix; absent when there is nothing. */
  warnings?: string[];
}

export const assistantIds = ['chatgpt', 'google', 'perplexity', 'claude', 'copilot', 'amazon', 'apple', 'meta', 'mistral'] as const;
export type AssistantId = (typeof assistantIds)[number];

export const assistantSteps = ['find', 'read', 'trust', 'buy'] as const;
export type AssistantStepName = (typeof assistantSteps)[number];

export const assistantVerdicts = ['blocked', 'can_find', 'can_read', 'can_trust', 'can_buy'] as const;
/** The last step reached in the order find, read, trust, buy; blocked when it cannot even find the shop. */
export type AssistantVerdict = (typeof assistantVerdicts)[number];

export const assistantStepStatuses = ['pass', 'warn', 'fail', 'not_assessed'] as const;
export type AssistantStepStatus = (typeof assistantStepStatuses)[number];

export interface AssistantStep {
  step: AssistantStepName;
  status: AssistantStepStatus;
  /** The check ids the step was judged on. */
  checks: string[];
  /** One line a shop owner understands: why the step has this status. */
  reason: string;
  /**
   * How a buy step knows (docs/decisions/113-drives-of-declared-endpoints.md): `exercised` when a paid scan called
   * the checkout endpoint the assistant buys through and its answer went into the verdict, `declared` when only the
   * shop's documents and pages were read. Buy steps of new scans carry it; other steps and older results have none.
   */
  basis?: StepBasis;
  /** The call behind an `exercised` basis; null when the step is `declared`. */
  drive?: StepDrive | null;
}

export const stepBases = ['declared', 'exercised'] as const;
export type StepBasis = (typeof stepBases)[number];
export const stepDriveOutcomes = ['as_specified', 'undocumented_error', 'failed'] as const;
/** probe: one read without credentials (any paid scan); checkout: a checkout created, read back and cancelled (a proven owner's rescan). */
export const stepDriveKinds = ['probe', 'checkout'] as const;

/** One call a scan made to an endpoint a shop declares, as a step shows it. */
export interface StepDrive {
  /** The URL called. */
  url: string;
  /** as_specified: answered as the protocol says; undocumented_error: an error outside its shape; failed: no usable answer. */
  outcome: (typeof stepDriveOutcomes)[number];
  /** The request and what came back, in one line. */
  detail: string;
  /** How the endpoint was exercised; absent in results made before checkout drives. */
  kind?: (typeof stepDriveKinds)[number];
}

export const agentRoles = ['search', 'user'] as const;
/** search: indexes the shop ahead of time so the assistant can find it; user: fetches a page when a person asks. */
export type AgentRole = (typeof agentRoles)[number];

export const robotsStandings = ['allowed', 'partial', 'blocked', 'unknown', 'no_agent'] as const;
/**
 * What the shop's robots.txt says to an assistant's agents in one role, on `/` and the sampled product pages:
 * unknown when the scan could not read robots.txt, no_agent when the vendor documents no agent in that role.
 */
export type RobotsStanding = (typeof robotsStandings)[number];

export const robotsObediences = ['follows', 'may_ignore', 'no_agent'] as const;
/** Whether the vendor says its agents in that role follow robots.txt (follows) or may not (may_ignore). */
export type RobotsObedience = (typeof robotsObediences)[number];

export const edgeAnswers = ['served', 'refused', 'challenged', 'stripped', 'error', 'not_assessed'] as const;
/**
 * What the shop's edge answered a request carrying the agent's User-Agent, beside the scanner's own answer:
 * served like the scanner; refused (401, 403, 429); challenged (a challenge page); stripped (served, but without
 * the product facts the scanner's copy has); error (5xx where the scanner was served); not_assessed (the
 * scanner itself was not served, or the request got no answer).
 */
export type EdgeAnswer = (typeof edgeAnswers)[number];

/** One page asked for with an assistant's User-Agent (the edge probe), beside the scanner's own answer. */
export interface EdgeProbePage {
  url: string;
  /** "HTTP 200", "HTTP 403", "Cloudflare challenge (cf-mitigated)" ... */
  scanner: string;
  agent: string;
  answer: EdgeAnswer;
}

/** The edge probe for one assistant: its documented User-Agent asked for the homepage and one product page. */
export interface EdgeProbe {
  /** The product token whose documented User-Agent string was sent (the scanner's own token appended). */
  token: string;
  /** The User-Agent header as sent. */
  userAgent: string;
  /**
   * The worst answer among the pages, in the order refused, challenged, error, stripped, served, not_assessed:
   * a page not compared does not hide a page that was served.
   */
  answer: EdgeAnswer;
  pages: EdgeProbePage[];
}

/** What reaches the assistant in one role (search or user-initiated), and what the shop's robots.txt controls. */
export interface AssistantAccess {
  role: AgentRole;
  /** The vendor's product tokens in this role; empty when it documents none. */
  agents: string[];
  robots: RobotsStanding;
  obeysRobots: RobotsObedience;
  /** The vendor's documented behaviour, in brief. */
  vendorSays: string;
  /** The vendor page that says it (null when the vendor documents no agent in this role). */
  source: string | null;
  /** The edge probe, when this role's User-Agent was the one sent; absent otherwise. */
  edge?: EdgeProbe;
  /** One line: what the owner's robots.txt (and edge) do to this role. */
  summary: string;
}

export interface AssistantRecord {
  id: AssistantId;
  name: string;
  verdict: AssistantVerdict;
  steps: AssistantStep[];
  /** Search and user-initiated visits, reported apart (search first). */
  access: AssistantAccess[];
  /** The checkId of the recommendation to act on first for this assistant; null when nothing blocks it. */
  firstFix: string | null;
}
