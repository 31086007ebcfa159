import { randomUUID } from 'node:crypto';
import type { Retrieval } from '#shared/scanner/artifacts.js';
import type { CatalogLookupReport, DrivenProduct } from '#shared/scanner/drives/drive-report.js';
import type { FetchSession } from '#shared/scanner/fetch-session.js';
import { isJson, isObject, parseJson } from '#shared/scanner/drives/probe-retrieval.js';
import { redactedAnswer } from '#shared/scanner/drives/redact-answer.js';
import { formatMinorUnits, toMinorUnits } from '#shared/scanner/drives/minor-units.js';
import { answerLine } from '#shared/scanner/checks/agentic-commerce/answer-excerpt.js';

export const catalogLookupCapability = 'dev.ucp.shopping.catalog.lookup';
/** UCP's protocol errors that say the catalog is not open to an agent it does not know: not a finding on the catalog. */
const closedToUnknownAgents = new Set([401, 403, 422, 424]);

interface Variant {
  id: unknown;
  sku: unknown;
  barcodes: unknown;
  url: unknown;
  productUrl: unknown;
  price: unknown;
  inputs: unknown;
}

/**
 * Looks one product of the scan up in the shop's UCP catalog (2026-04-08, the catalog lookup capability over REST):
 * `POST <endpoint>/catalog/lookup` with the page's identifier and URL as `ids`, the page's currency as the context's,
 * the UCP-Agent profile and a Request-Id. A read: nothing is created. The variant that answers for the page (its sku,
 * a barcode, its URL, or an exact match for an id sent) is compared with the page's price in minor units.
 */
export async function lookUpCatalog(
  session: FetchSession,
  endpoint: string,
  product: DrivenProduct,
  options: { agentProfile: string; timeoutMs: number; round: number; now: () => number; newId?: () => string },
): Promise<CatalogLookupReport> {
  const url = `${endpoint.replace(/\/+$/, '')}/catalog/lookup`;
  const started = options.now();
  const timeouts = { headersMs: options.timeoutMs, bodyMs: options.timeoutMs, requestMs: options.timeoutMs };
  const retrieval = await session.send(
    url,
    {
      kind: 'api',
      method: 'POST',
      accept: 'application/json',
      followRedirects: false,
      headers: {
        'ucp-agent': `profile="${options.agentProfile}"`,
        'request-id': (options.newId ?? randomUUID)(),
        'content-type': 'application/json',
      },
      body: JSON.stringify({ ids: [product.id, product.pageUrl], context: { currency: product.currency } }),
      timeouts,
    },
    options.round,
  );
  const answered = retrieval.state === 'fetched' ? retrieval.resource : null;
  return {
    url,
    product,
    ...judgeLookup(retrieval, product),
    status: answered?.status ?? null,
    contentType: answered?.headers['content-type'] ?? null,
    answer: answered ? redactedAnswer(answered.text) : '',
    durationMs: Math.max(0, Math.round(options.now() - started)),
  };
}

/** A variant id the checkout can be given and the report can show: printable, at most 200 characters. */
const usableVariantId = /^[\p{L}\p{N}\p{P}\p{S}]{1,200}$/u;

function judgeLookup(retrieval: Retrieval, product: DrivenProduct): Pick<CatalogLookupReport, 'outcome' | 'detail' | 'variantId'> {
  const none = { variantId: null };
  if (retrieval.state === 'skipped') return { ...none, outcome: 'not_asked', detail: 'there was no time left to ask' };
  if (retrieval.state === 'failed') {
    if (retrieval.reason === 'blocked')
      return { ...none, outcome: 'refused', detail: 'the endpoint leads to an address that is not allowed' };
    return {
      ...none,
      outcome: 'failed',
      detail: retrieval.reason === 'timeout' ? 'no answer in time' : `the request failed (${retrieval.reason.replace(/_/g, ' ')})`,
    };
  }
  const { status, headers, text } = retrieval.resource;
  const contentType = headers['content-type'] ?? null;
  const json = isJson(contentType) ? parseJson(text) : undefined;
  if (closedToUnknownAgents.has(status) && isObject(json) && typeof json.code === 'string')
    return { ...none, outcome: 'closed', detail: `HTTP ${status}: the catalog answers only agents it knows` };
  if (status !== 200 || !isObject(json) || !Array.isArray(json.products))
    return { ...none, outcome: 'failed', detail: `it answered ${answerLine(status, contentType, redactedAnswer(text))}` };
  const variant = json.products.flatMap(variantsOf).find((candidate) => answersFor(candidate, product));
  if (!variant)
    return {
      ...none,
      outcome: 'not_found',
      detail: `it does not know the page's ${product.idField} ${product.id} (UCP asks catalogs to know their own ids; a sku is optional)`,
    };
  const price = isObject(variant.price) ? variant.price : {};
  const pagePrice = toMinorUnits(product.price, product.currency);
  const currency = typeof price.currency === 'string' && /^[A-Z]{3}$/.test(price.currency) ? price.currency : null;
  if (!Number.isSafeInteger(price.amount) || currency === null)
    return {
      ...none,
      outcome: 'failed',
      detail: 'it found the product, with a price that is not an integer amount and an ISO 4217 currency',
    };
  const quoted = formatMinorUnits(price.amount as number, currency);
  const variantId = typeof variant.id === 'string' && usableVariantId.test(variant.id) ? variant.id : null;
  if (currency !== product.currency)
    return { outcome: 'other_currency', detail: `it quotes ${quoted} where the page says ${product.price} ${product.currency}`, variantId };
  if (price.amount !== pagePrice)
    return {
      outcome: 'price_differs',
      detail: `it quotes ${quoted} where the page says ${formatMinorUnits(pagePrice ?? 0, currency)}`,
      variantId,
    };
  return { outcome: 'as_page', detail: `it quotes ${quoted}, as the page says`, variantId };
}

function variantsOf(product: unknown): Variant[] {
  if (!isObject(product) || !Array.isArray(product.variants)) return [];
  return product.variants.filter(isObject).map((variant) => ({
    id: variant.id,
    sku: variant.sku,
    barcodes: variant.barcodes,
    url: variant.url,
    productUrl: product.url,
    price: variant.price,
    inputs: variant.inputs,
  }));
}

/** The variant is the page's: its sku or a barcode is the id sent, its URL is the page's, or it is an exact match for an id sent. */
function answersFor(variant: Variant, product: DrivenProduct): boolean {
  const sameUrl = (value: unknown) => typeof value === 'string' && URL.canParse(value) && samePage(value, product.pageUrl);
  if (variant.sku === product.id || sameUrl(variant.url) || sameUrl(variant.productUrl)) return true;
  if (Array.isArray(variant.barcodes) && variant.barcodes.some((barcode) => isObject(barcode) && barcode.value === product.id)) return true;
  return (
    Array.isArray(variant.inputs) &&
    variant.inputs.some((input) => isObject(input) && input.match === 'exact' && (input.id === product.id || input.id === product.pageUrl))
  );
}

function samePage(a: string, b: string): boolean {
  const bare = (url: string) => {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname.replace(/\/+$/, '')}`;
  };
  return bare(a) === bare(b);
}
