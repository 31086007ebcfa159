import { load, type CheerioAPI } from 'cheerio/slim';
import type { PageArtifact, Retrieval } from '#shared/scanner/artifacts.js';
import { extractStructuredData } from '#shared/scanner/extract/structured-data.js';
import { normalisePrice, priceValue } from '#shared/scanner/extract/price.js';
import { productFacts } from '#shared/scanner/extract/product-facts.js';
import type { ProductFacts } from '#shared/scanner/extract/types.js';
import { allEntities } from '#shared/scanner/extract/products.js';
import { readPageFacts, type PageFacts } from '#shared/scanner/page-facts.js';
import { createMarkupCache, type MarkupCache } from '#shared/scanner/markup-cache.js';
import { releaseLargePage } from '#shared/scanner/release-large-page.js';
import { readAgentView } from '#shared/scanner/extract/agent-view.js';
import { buyBoxText } from '#shared/scanner/extract/buy-box.js';
import { findBuyButton } from '#shared/scanner/extract/buy-button.js';
import { visiblePrices } from '#shared/scanner/extract/visible-prices.js';
import { hasProductMarkup } from '#shared/scanner/discovery.js';
import { detectBotWall, type BotWallResult } from '#shared/scanner/parse/bot-wall-detector.js';
import { looksLikeHtmlDocument } from '#shared/scanner/parse/soft-404.js';
import { visibleText } from '#shared/scanner/visible-text.js';

function isHtml(contentType: string | undefined, text: string): boolean {
  if (contentType && /html|xml/i.test(contentType)) return true;
  return looksLikeHtmlDocument(text);
}

/**
 * The scanner says who it is, so a page that refuses it (401, 403; 429 on the homepage, the first
 * page an agent asks for) turns agents away as surely as a challenge page does, vendor or not. A 429
 * on a product page may be the scan's own burst of requests, so it stays "rate limited".
 */
function refusal(status: number, kind: PageArtifact['kind'], detected: BotWallResult): BotWallResult {
  if (detected.kind === 'wall') return detected;
  const refused = status === 401 || status === 403 || (status === 429 && kind === 'homepage');
  return refused
    ? { kind: 'wall', evidence: `HTTP ${status}: the site refused the scanner, which names itself in its User-Agent` }
    : detected;
}

/**
 * A markup price of 0 is a markup error, unless the page plainly shows the product free: one of its
 * own price elements shows an amount of 0 ("£0.00", "0,00 €").
 */
function unlessPlainlyFree(facts: ProductFacts | null, page: PageFacts): ProductFacts | null {
  if (facts === null || facts.price !== null || facts.invalidPrice === null || priceValue(normalisePrice(facts.invalidPrice)) !== 0)
    return facts;
  if (!page.pricesShown.some((shown) => shown.amount === 0)) return facts;
  const source = facts.source === 'opengraph' ? 'open-graph' : facts.source;
  return { ...facts, price: '0', invalidPrice: null, sources: { ...facts.sources, price: source } };
}

/**
 * Parses a fetched page once and derives everything the checks read from it; with a cache, a page
 * read before (same kind, URL and text) is not parsed again.
 */
export function analysePage(url: string, kind: PageArtifact['kind'], retrieval: Retrieval, cache?: PageMarkupCache): PageArtifact {
  const empty: PageArtifact = {
    url,
    kind,
    retrieval,
    facts: null,
    visibleText: '',
    wordCount: 0,
    structured: null,
    product: null,
    agentView: null,
    botWall: { kind: 'none' },
  };
  if (retrieval.state !== 'fetched') return empty;
  // Checks read a page's decoded text, never its bytes: dropping the raw body keeps a five-page scan
  // of 2 MiB pages from holding every page twice.
  const resource = { ...retrieval.resource, body: Buffer.alloc(0) };
  empty.retrieval = { state: 'fetched', resource };
  const botWall = refusal(
    resource.status,
    kind,
    detectBotWall({ status: resource.status, headers: resource.headers, body: resource.text }),
  );
  if (!isHtml(resource.headers['content-type'], resource.text)) return { ...empty, botWall };
  const read = () => {
    const markup = readMarkup(kind, resource.text, resource.finalUrl);
    // The tree died with readMarkup's frame.
    releaseLargePage(resource.text.length);
    return markup;
  };
  const markup = cache ? cache.readThrough(kind, resource.finalUrl, resource.text, read) : read();
  return { ...empty, ...markup, botWall };
}

type MarkupFacts = Pick<PageArtifact, 'facts' | 'visibleText' | 'wordCount' | 'structured' | 'product' | 'agentView'>;

export type PageMarkupCache = MarkupCache<MarkupFacts>;

/**
 * For a process that scans the same shops again within minutes (the batch worker). 16 MiB of page
 * text holds 22 of the 93 real product pages of the fixtures, and what it keeps of them (their facts)
 * takes 4.3 MB of heap.
 */
export function createPageMarkupCache(): PageMarkupCache {
  return createMarkupCache({ maxCharacters: 16 * 1024 * 1024 });
}

/**
 * Everything the checks need from a page's markup, read while its tree is alive; the tree lives only
 * in this function (page-facts.ts).
 */
function readMarkup(kind: PageArtifact['kind'], html: string, url: string): MarkupFacts {
  // htmlparser2 rather than cheerio's default parse5: several times faster on large shop pages, and
  // the scanner needs the elements and attributes as written, not a browser-repaired tree.
  const document = load(html, { xml: { xmlMode: false, decodeEntities: true } });
  const structured = extractStructuredData(document, url);
  const { text, wordCount } = visibleText(document);
  const facts = readPageFacts(document, { url, wordCount, entities: allEntities(structured) });
  const product = unlessPlainlyFree(productFacts(structured, url), facts);
  // The scanned page is read as a homepage before anyone knows it is a product page: one whose markup
  // shows a product, or with an add-to-cart control, gets the text's reading too, so a product URL
  // scanned directly shows agents what the same page shows when a crawl finds it (and a page with no
  // markup can be confirmed by its button, a marketplace's bid or offer control or an out-of-stock
  // product's stock alert, and its price, as isConfirmedProduct says).
  const markup = hasProductMarkup({ product, structured });
  const { deals, stockAlerts } = facts.buyBoxControls;
  const buyControl = facts.addToCart.control !== null || deals > 0 || stockAlerts > 0;
  const readAsProduct = kind === 'product' || markup || buyControl;
  const agentView = readAsProduct
    ? readAgentView(document, {
        product,
        structured,
        visibleText: text,
        pricesShown: facts.pricesShown,
        buyBoxControls: facts.buyBoxControls,
      })
    : product;
  // A page without markup whose price box shows two amounts ("with VAT", "without VAT") gets no price read,
  // yet a shopper still sees a priced product beside its button: that still confirms it (isConfirmedProduct).
  if (!markup && buyControl && agentView?.price == null) facts.addToCart = { ...facts.addToCart, priceBeside: buyBoxShowsPrice(document) };
  return { facts, visibleText: text, wordCount, structured, product, agentView };
}

function buyBoxShowsPrice(document: CheerioAPI): boolean {
  const box = buyBoxText(document, findBuyButton(document));
  return box !== null && visiblePrices(box).length > 0;
}
