/** What a drive of a declared endpoint found, as the scan keeps it (SiteArtifacts) and the checks read it. */

/** One request a drive sent and what came back, kept as the verdict's evidence. */
export interface DriveExchange {
  method: string;
  url: string;
  /** The JSON-RPC method the request carried, or null (a DELETE, a body that is not JSON-RPC). */
  message: string | null;
  /** The HTTP status, or null when no answer came. */
  status: number | null;
  contentType: string | null;
  /** The start of the answer's body, or why there was none ("timeout", "blocked"). */
  answer: string;
  /** From sending the request until its whole answer was in. */
  ms: number;
}

/** How one tool's input schema reads to an MCP client. */
export interface ToolSchemaVerdict {
  /** `unknown_dialect`: its `$schema` names a JSON Schema dialect we cannot judge, so neither verdict is given. */
  inputSchema: 'valid' | 'invalid' | 'unknown_dialect';
  /** What is wrong, in a sentence an owner can act on; null when valid. */
  problem: string | null;
}

export type McpDriveOutcome =
  /** initialize and tools/list answered as the protocol says. */
  | 'answered'
  /** The endpoint leads to an address the scanner may not ask (SSRF policy). */
  | 'refused'
  /** An HTTP error status where a JSON-RPC answer belongs. */
  | 'http_error'
  /** A 2xx answer that is not a JSON-RPC message (an HTML page, plain text). */
  | 'not_mcp'
  /** A JSON-RPC error, an answer that breaks the protocol's schema, or a protocol version no client speaks. */
  | 'protocol_error'
  /** No answer within the drive's time-out. */
  | 'timeout'
  | 'over_budget'
  | 'failed';

export interface McpToolReport extends ToolSchemaVerdict {
  name: string;
}

/** What a read-only MCP drive found: it connects and lists, and never calls a tool. */
export interface McpDriveReport {
  endpoint: string;
  outcome: McpDriveOutcome;
  /** What was listed ("protocol 2025-11-25, 2 tools"), or one clause saying what went wrong. */
  detail: string;
  /** The protocol version the server chose in its initialize answer. */
  protocolVersion: string | null;
  server: { name: string; version: string } | null;
  /** The tools listed (at most 50 kept); null when tools/list was not reached or the server declares no tools. */
  tools: McpToolReport[] | null;
  /** How many tools the server listed, beyond those kept too; null when it declares no tools capability. */
  toolCount: number | null;
  /** False when the list went on past the pages the drive reads: toolCount is then a floor. */
  toolsComplete: boolean;
  /** Resources and prompts listed, where the server declares those capabilities; null where it does not. */
  resources: number | null;
  prompts: number | null;
  durationMs: number;
  exchanges: DriveExchange[];
}

export type CheckoutProtocol = 'ucp' | 'acp';

/** What a read of a checkout session that does not exist got from the endpoint a UCP profile or ACP document declares. */
export interface CheckoutProbeReport {
  protocol: CheckoutProtocol;
  url: string;
  outcome:
    /** The answer the protocol gives such a call. */
    | 'as_specified'
    /** An error status, but not in the protocol's shape: agents learn that it failed, not why. */
    | 'undocumented_error'
    /** A web page, a redirect or a success for a session that does not exist. */
    | 'wrong_answer'
    | 'server_error'
    | 'no_answer'
    /** The endpoint leads to an address the scanner may not ask. */
    | 'refused'
    /** A bot wall answered for the service: nothing to judge. */
    | 'walled'
    /** The scan had no time left to ask. */
    | 'not_asked';
  detail: string;
  status: number | null;
  contentType: string | null;
  /** The start of the answer's body. */
  answer: string;
  durationMs: number;
}

/** What one interface an A2A agent card declares answered when asked for a task that does not exist. */
export interface A2aInterfaceProbe {
  url: string;
  /** The binding the card declares for it (JSONRPC, HTTP+JSON, GRPC…). */
  binding: string;
  /** The A2A version the card declares for it, as Major.Minor. */
  version: string;
  /** What was sent: `POST GetTask`, `GET /tasks/{id}`; null when nothing was (a gRPC interface). */
  request: string | null;
  /** The URL asked, which adds the operation's path to the interface's for HTTP+JSON. */
  askedUrl: string;
  outcome:
    | CheckoutProbeReport['outcome']
    /** A binding the scanner cannot speak over HTTP/1.1 (gRPC), or one A2A does not define: not asked. */
    | 'not_probed';
  detail: string;
  status: number | null;
  contentType: string | null;
  answer: string;
  durationMs: number;
}

/** The read-only drive of an A2A agent card's interfaces: one Get Task for a task that cannot exist, each. */
export interface A2aDriveReport {
  card: string;
  interfaces: A2aInterfaceProbe[];
}

/** The product of the scan a checkout drive buys, as its page states it. */
export interface DrivenProduct {
  pageUrl: string;
  /**
   * The identifier sent as the line item's id: the variant id the shop's UCP catalog gave for the page (UCP's
   * `item.id` is the business's own id), else the page's sku, else its GTIN, else its MPN.
   */
  id: string;
  idField: 'catalog variant id' | 'sku' | 'gtin' | 'mpn';
  /** The page's price, a decimal string, and its ISO 4217 currency. */
  price: string;
  currency: string;
}

/** One thing the drive compared between the checkout and the page. */
export interface CheckoutComparison {
  what: 'line item' | 'currency' | 'price' | 'totals';
  ok: boolean;
  /** What the page (or the protocol's arithmetic) says, and what the checkout said. */
  expected: string;
  found: string;
}

/** One request of a checkout drive with its answer, the answer redacted and cut (never a buyer's details or a token). */
export interface CheckoutDriveStep {
  step: 'create' | 'read' | 'cancel';
  method: 'GET' | 'POST';
  url: string;
  status: number | null;
  contentType: string | null;
  answer: string;
  ms: number;
}

/**
 * The full checkout drive of a site its owner proved is theirs: create a checkout session for one product the scan
 * saw, read it back, compare it with the page, then cancel it. Never completed; no payment data is ever sent.
 */
export interface CheckoutDriveReport {
  protocol: CheckoutProtocol;
  /** The checkout service's base URL the document declares. */
  endpoint: string;
  product: DrivenProduct | null;
  outcome:
    /** Created, read back, matching the page, cancelled. */
    | 'proven'
    /** Created and read back, but the line item, currency, price or totals disagree with the page or do not add up. */
    | 'mismatch'
    /** Created and matching, but the cancel was refused: the session is left to expire. */
    | 'not_cancelled'
    /** The service refused the page's product with a business error (`not_found`, `out_of_stock`…) or the protocol's own error. */
    | 'product_refused'
    /** ACP: the service refused the bearer token the site's owner gave (401, or 403 with ACP's Error). */
    | 'credential_refused'
    /** An answer outside the protocol (a web page, a 5xx, no answer, a session that cannot be read back). */
    | 'failed'
    /** The endpoint leads to an address the scanner may not ask. */
    | 'refused'
    /** No product with a price and an identifier, or no time left. */
    | 'not_asked';
  detail: string;
  comparisons: CheckoutComparison[];
  steps: CheckoutDriveStep[];
  durationMs: number;
}

/** A lookup of one product of the scan in the shop's UCP catalog (paid scans, where the profile declares it). */
export interface CatalogLookupReport {
  url: string;
  product: DrivenProduct;
  outcome:
    /** The catalog quotes the page's price, in the page's currency. */
    | 'as_page'
    /** The same currency, another price: agents that look the product up quote a price the page does not show. */
    | 'price_differs'
    /** Another currency than the page's, though the page's was asked for: not comparable. */
    | 'other_currency'
    /** The catalog does not know the page's identifier (UCP requires only its own ids): nothing to compare. */
    | 'not_found'
    /** A UCP protocol error saying the catalog answers only agents it knows (401, 403, 422, 424). */
    | 'closed'
    /** An answer outside UCP's catalog shape: a web page, a 5xx, no answer. */
    | 'failed'
    | 'refused'
    | 'not_asked';
  detail: string;
  /** The id of the variant that answers for the page, which a checkout takes as `item.id`; null when none was found. */
  variantId: string | null;
  status: number | null;
  contentType: string | null;
  /** The start of the answer, redacted. */
  answer: string;
  durationMs: number;
}
