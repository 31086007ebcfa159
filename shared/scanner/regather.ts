import type { Tier } from '#shared/model/tiers.js';
import { askMcpDrive } from '#shared/scanner/drives/ask-mcp-drive.js';
import { askCheckoutProbe } from '#shared/scanner/drives/ask-checkout-probe.js';
import { askAcpCheckoutDrive, askCatalogLookup, askCheckoutDrive } from '#shared/scanner/drives/ask-checkout-drive.js';
import { askA2aDrive } from '#shared/scanner/drives/ask-a2a-drive.js';
import { analysePage } from '#shared/scanner/analyse-page.js';
import { finalUrlOf, type Artifacts, type PageArtifact, type Retrieval } from '#shared/scanner/artifacts.js';
import { catalogFor } from '#shared/scanner/catalog.js';
import type { Source } from '#shared/scanner/check-needs.js';
import { FetchSession, type FetchLogEntry } from '#shared/scanner/fetch-session.js';
import { readDocuments } from '#shared/scanner/documents/ask-documents.js';
import {
  ask,
  askSigned,
  catalogArtifact,
  edgePages,
  failOnErrorPage,
  failUnlessFetched,
  firstAnswer,
  followMetaRefresh,
  headersOf,
  isPlainHttpRoot,
  loadSitemap,
  offersNegotiation,
  pagesAround,
  plainHttpUrl,
  probesEdge,
  textOf,
  type GatherOptions,
  type ReadPage,
} from '#shared/scanner/gather.js';
import { askEdge } from '#shared/scanner/edge/ask-edge.js';
import { keepNeeded, notNeeded } from '#shared/scanner/keep-needed.js';
import { detectPlatform } from '#shared/scanner/parse/platform.js';
import { fixedPaths, robotsFile } from '#shared/scanner/site-files.js';

/** What a re-check takes from the stored scan: where it looked and which product pages it read. */
export interface ScannedPages {
  /** The scanned URL, as the scan asked for it. */
  url: string;
  /** The homepage after redirects. */
  finalUrl: string;
  tier: Tier;
  /** The product pages the scan read (their final URLs). */
  productUrls: readonly string[];
}

export type RegatherOptions = Omit<GatherOptions, 'tier' | 'onStage'>;

export interface Regathered {
  artifacts: Artifacts;
  /** The pages fetched again (final URLs), homepage first. */
  pages: string[];
  log: FetchLogEntry[];
}

/**
 * Fetches again only what `needs` names, on the scan's own pages: no product discovery, each source
 * asked for as gather.ts asks for it (the same session rules, deadline, bot-wall readings and
 * validators), everything else left as not fetched.
 */
export async function regather(scanned: ScannedPages, needs: ReadonlySet<Source>, options: RegatherOptions): Promise<Regathered> {
  const session = new FetchSession(options.fetcher, options.deadline, options.now);
  try {
    return { ...(await regatherWith(session, scanned, needs, { ...options, tier: scanned.tier })), log: session.log };
  } finally {
    session.abort();
  }
}

async function regatherWith(
  session: FetchSession,
  scanned: ScannedPages,
  needs: ReadonlySet<Source>,
  options: GatherOptions,
): Promise<Omit<Regathered, 'log'>> {
  const startedAt = options.now();
  const target = new URL(scanned.url);
  const at = (path: string) => new URL(path, target.origin).toString();
  const read: ReadPage = (url, kind, retrieval) => analysePage(url, kind, retrieval, options.markupCache);
  const wants = (source: Source) => needs.has(source) || (source === 'homepage' && needs.has('plainHttp') && isPlainHttpRoot(target));
  const unless = (source: Source, fetch: () => Promise<Retrieval>) => (wants(source) ? fetch() : Promise.resolve(notNeeded));

  const documents = ask.documents(session, at, (name) => wants(name));
  const robotsFetch = unless('robots', () => ask.robots(session, at));
  const defaultSitemap = unless('sitemap', () => ask.sitemap(session, at));
  const plainHttp = wants('plainHttp') && !isPlainHttpRoot(target) ? ask.plainHttp(session, target) : null;
  const products = wants('productPages')
    ? Promise.all(scanned.productUrls.map(async (url) => read(url, 'product', await ask.page(session, url, 1))))
    : Promise.resolve(scanned.productUrls.map((url) => read(url, 'product', notNeeded)));
  const home = wants('homepage') ? readHomepage(session, read, target, options, wants('webBotAuth')) : null;

  const robotsRead = robotsFetch.then((retrieval) => robotsFile(at(fixedPaths.robots), retrieval));
  const sitemap = wants('sitemap')
    ? robotsRead.then((robots) => loadSitemap(session, robots.parsed.sitemaps, at(fixedPaths.sitemap), defaultSitemap, 2))
    : null;
  // Awaited first: a scanned page that fails ends the re-check, as it ends a scan.
  const pages = home ? await home : null;
  const robots = await robotsRead;
  const origin = new URL(pages ? finalUrlOf(pages.scanned) : scanned.finalUrl).origin;
  const homepage = pages?.homepage ?? read(target.toString(), 'homepage', notNeeded);
  const platform = detectPlatform({ html: textOf(homepage), headers: headersOf(homepage) });
  const catalogUrl = wants('catalog') ? catalogFor(platform.platform, origin) : null;
  const catalog = catalogUrl ? ask.catalog(session, catalogUrl, 3) : null;
  const markdown = pages && wants('markdown') && offersNegotiation(pages.scanned) ? ask.markdown(session, target, 3) : null;
  const productPages = withScannedProduct(await products, pages);
  const edgeProbe =
    pages && wants('edgeProbe') && probesEdge(options) ? askEdge(session, read, edgePages(homepage, productPages), 3) : null;
  const documentsRead = readDocuments(documents, at, origin, startedAt, notNeeded);
  const mcpDrive = wants('mcpDrive') ? askMcpDrive(session, documentsRead, options) : Promise.resolve(null);
  const ucpProbe = wants('ucpProbe') ? askCheckoutProbe(session, documentsRead, 'ucp', options) : Promise.resolve(null);
  const acpProbe = wants('acpProbe') ? askCheckoutProbe(session, documentsRead, 'acp', options) : Promise.resolve(null);
  const a2aDrive = wants('a2aDrive') ? askA2aDrive(session, documentsRead, options) : Promise.resolve(null);
  const ucpCatalogLookup = wants('ucpCatalogLookup')
    ? askCatalogLookup(session, documentsRead, productPages, { ...options, agentProfile: options.ucpAgentProfile })
    : Promise.resolve(null);
  const ucpCheckoutDrive = wants('ucpCheckoutDrive')
    ? askCheckoutDrive(session, documentsRead, productPages, ucpCatalogLookup, options)
    : Promise.resolve(null);
  const acpCheckoutDrive = wants('acpCheckoutDrive')
    ? askAcpCheckoutDrive(session, documentsRead, productPages, options)
    : Promise.resolve(null);
  const artifacts: Artifacts = {
    requestedUrl: target.toString(),
    tier: options.tier,
    productPageBudget: options.productPageBudget,
    startedAt,
    homepage,
    scannedPageIsProduct: pages?.scannedPageIsProduct ?? scanned.productUrls.some((url) => url === scanned.url || url === scanned.finalUrl),
    productPages,
    unvisitedCandidates: [],
    site: {
      origin,
      robots,
      sitemap: sitemap ? (await sitemap).artifact : null,
      ...(await documentsRead),
      plainHttp: {
        url: plainHttpUrl(target),
        retrieval: plainHttp ? await plainHttp : pages ? firstAnswer(pages.scanned.retrieval) : notNeeded,
      },
      markdown: markdown && { url: target.toString(), retrieval: await markdown },
      catalog: catalogUrl && catalog ? catalogArtifact(catalogUrl, await catalog, origin) : null,
      webBotAuth: pages ? await pages.signed : null,
      edgeProbe: edgeProbe ? await edgeProbe : null,
      mcpDrive: await mcpDrive,
      ucpProbe: await ucpProbe,
      acpProbe: await acpProbe,
      a2aDrive: await a2aDrive,
      ucpCheckoutDrive: await ucpCheckoutDrive,
      acpCheckoutDrive: await acpCheckoutDrive,
      ucpCatalogLookup: await ucpCatalogLookup,
    },
    platform,
  };
  const fetched = [...(pages ? [homepage, pages.scanned] : []), ...(wants('productPages') ? productPages : [])];
  return { artifacts: keepNeeded(artifacts, needs), pages: [...new Set(fetched.map(finalUrlOf))] };
}

interface Homepage {
  /** The scanned page after any meta refresh. */
  scanned: PageArtifact;
  homepage: PageArtifact;
  scannedPageIsProduct: boolean;
  /** The scanned page's own product reading when it is a product page. */
  scannedProduct: PageArtifact | null;
  signed: ReturnType<typeof askSigned>;
}

/** The scanned page as a scan reads it: meta refresh followed, failing as a scan fails, the site's root beside a product page. */
async function readHomepage(
  session: FetchSession,
  read: ReadPage,
  target: URL,
  options: GatherOptions,
  wantsSigned: boolean,
): Promise<Homepage> {
  const page = ask.scannedPage(session, target);
  const signed = wantsSigned ? askSigned(session, target, page, options) : Promise.resolve(null);
  const { page: scanned, round } = await followMetaRefresh(session, read, read(target.toString(), 'homepage', await page));
  failUnlessFetched(scanned.retrieval, session);
  failOnErrorPage(scanned);
  const around = await pagesAround(session, read, scanned, options, round);
  return {
    scanned,
    homepage: around.homepage,
    scannedPageIsProduct: around.scannedPageIsProduct,
    scannedProduct: around.productPages[0] ?? null,
    signed,
  };
}

/** The scan's product pages, the scanned page's own reading in its place when it is one of them. */
function withScannedProduct(products: PageArtifact[], pages: Homepage | null): PageArtifact[] {
  const own = pages?.scannedProduct;
  if (!own) return products;
  const ownUrl = finalUrlOf(own);
  const others = products.filter((page) => page.url !== ownUrl);
  return [own, ...others];
}
