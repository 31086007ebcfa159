import type { Tier } from '#shared/model/tiers.js';
import type { PageArtifact, SiteArtifacts } from '#shared/scanner/artifacts.js';
import type { CatalogLookupReport, CheckoutDriveReport, CheckoutProtocol, DrivenProduct } from '#shared/scanner/drives/drive-report.js';
import { driveAcpCheckout } from '#shared/scanner/drives/acp-checkout-drive.js';
import type { CheckoutDriveOptions } from '#shared/scanner/drives/checkout-drive-exchange.js';
import { versionOf } from '#shared/scanner/standards.js';
import { drivesEndpoints } from '#shared/scanner/drives/ask-mcp-drive.js';
import { declaredCheckoutBase } from '#shared/scanner/drives/ask-checkout-probe.js';
import type { FetchSession } from '#shared/scanner/fetch-session.js';
import { probeRound, probeTimeout } from '#shared/scanner/drives/probe-budget.js';
import { readWellKnown } from '#shared/scanner/checks/read-artifacts.js';
import { catalogLookupCapability, lookUpCatalog } from '#shared/scanner/drives/ucp-catalog-lookup.js';
import { toMinorUnits } from '#shared/scanner/drives/minor-units.js';
import { driveUcpCheckout } from '#shared/scanner/drives/ucp-checkout-drive.js';

/**
 * What lets a scan drive a checkout: given only to the rescan of a site whose owner proved it is theirs and asked for
 * the drive (docs/decisions/115-site-ownership-proof.md), never to a scan anyone can start.
 */
export interface CheckoutDriveGrant {
  /** The service's own UCP platform profile, which the UCP-Agent header names. */
  agentProfile: string;
  /** The merchant's ACP bearer token the owner gave (docs/decisions/117-acp-checkout-drive-credential.md); without it ACP is not driven. */
  acpBearerToken?: string | undefined;
}

const driveBudgetMs = 12_000;
const minimumDriveMs = 3_000;
const scanSlackMs = 500;
/** An identifier is sent to the shop and shown in the report: printable and short, or the product is not driven. */
const usableId = /^[\p{L}\p{N}\p{P}\p{S} ]{1,100}$/u;

/** The first product page stating a price the currency can hold, its currency and an identifier to send. */
export function drivenProduct(pages: readonly PageArtifact[]): DrivenProduct | null {
  for (const page of pages) {
    const facts = page.product ?? page.agentView;
    if (!facts?.price || !facts.currency || toMinorUnits(facts.price, facts.currency) === null) continue;
    for (const idField of ['sku', 'gtin', 'mpn'] as const) {
      const id = facts[idField];
      if (id !== null && usableId.test(id)) return { pageUrl: page.url, id, idField, price: facts.price, currency: facts.currency };
    }
  }
  return null;
}

/**
 * The product as an agent buys it: by the variant id the shop's UCP catalog gave for its page (UCP's `item.id` is the
 * business's own id), else by the page's own identifier.
 */
function buyableAs(product: DrivenProduct | null, lookup: CatalogLookupReport | null): DrivenProduct | null {
  if (product === null || !lookup?.variantId || lookup.product.pageUrl !== product.pageUrl) return product;
  return { ...product, id: lookup.variantId, idField: 'catalog variant id' };
}

/** The full checkout drive of the UCP checkout a granted paid scan finds declared; null where none is asked for. */
export function askCheckoutDrive(
  session: FetchSession,
  documents: Promise<Pick<SiteArtifacts, 'ucp' | 'acp'>>,
  productPages: readonly PageArtifact[],
  catalogLookup: Promise<CatalogLookupReport | null>,
  options: DriveAsking,
): Promise<CheckoutDriveReport | null> {
  const grant = options.checkoutDrive;
  return askDrive(
    session,
    'ucp',
    documents,
    async () => buyableAs(drivenProduct(productPages), await catalogLookup),
    options,
    (endpoint, product, drive) => driveUcpCheckout(session, endpoint, product, { ...drive, agentProfile: grant!.agentProfile }),
  );
}

/**
 * The full checkout drive of the ACP checkout a granted paid scan finds declared, with the owner's bearer token; null
 * where none is asked for (no token given, no ACP checkout over REST). A discovery document listing the versions the
 * shop speaks without the drive's own is not driven: every call would be refused for its API-Version.
 */
export async function askAcpCheckoutDrive(
  session: FetchSession,
  documents: Promise<Pick<SiteArtifacts, 'ucp' | 'acp'>>,
  productPages: readonly PageArtifact[],
  options: DriveAsking,
): Promise<CheckoutDriveReport | null> {
  const token = options.checkoutDrive?.acpBearerToken;
  if (!token) return null;
  const acp = readWellKnown((await documents).acp);
  const speaks =
    acp.state !== 'present' ||
    acp.document.supportedVersions.length === 0 ||
    acp.document.supportedVersions.includes(versionOf('acpDiscovery'));
  return askDrive(
    session,
    'acp',
    documents,
    async () => drivenProduct(productPages),
    options,
    (endpoint, product, drive) => driveAcpCheckout(session, endpoint, product, { ...drive, bearerToken: token }),
    speaks
      ? null
      : `the discovery document lists the ACP versions ${acp.state === 'present' ? acp.document.supportedVersions.join(', ') : ''}, not ${versionOf('acpDiscovery')}, which the drive speaks`,
  );
}

type DriveAsking = { tier: Tier; now: () => number; checkoutDrive?: CheckoutDriveGrant | undefined };

/** What both drives share: the grant, the declared endpoint, a product to buy and the time to drive it. */
async function askDrive(
  session: FetchSession,
  protocol: CheckoutProtocol,
  documents: Promise<Pick<SiteArtifacts, 'ucp' | 'acp'>>,
  product: () => Promise<DrivenProduct | null>,
  options: DriveAsking,
  drive: (endpoint: string, product: DrivenProduct, options: CheckoutDriveOptions) => Promise<CheckoutDriveReport>,
  notSpoken: string | null = null,
): Promise<CheckoutDriveReport | null> {
  if (!options.checkoutDrive || !drivesEndpoints(options)) return null;
  const endpoint = declaredCheckoutBase(protocol, await documents);
  if (endpoint === null) return null;
  const notAsked = (detail: string, driven: DrivenProduct | null = null): CheckoutDriveReport => ({
    protocol,
    endpoint,
    product: driven,
    outcome: 'not_asked',
    detail,
    comparisons: [],
    steps: [],
    durationMs: 0,
  });
  if (notSpoken !== null) return notAsked(notSpoken);
  const driven = await product();
  if (driven === null) return notAsked('no product page of the scan states a price, its currency and an identifier to buy it by');
  const left = session.remainingMs() - scanSlackMs;
  if (left < minimumDriveMs) return notAsked('there was no time left to drive a checkout', driven);
  return drive(endpoint, driven, { budgetMs: Math.min(driveBudgetMs, left), round: probeRound + 1, now: options.now });
}

/** The lookup of one product of a paid scan in the UCP catalog the profile declares; null where none runs. */
export async function askCatalogLookup(
  session: FetchSession,
  documents: Promise<Pick<SiteArtifacts, 'ucp'>>,
  productPages: readonly PageArtifact[],
  options: { tier: Tier; now: () => number; agentProfile?: string | undefined },
): Promise<CatalogLookupReport | null> {
  if (!options.agentProfile || !drivesEndpoints(options)) return null;
  const ucp = readWellKnown((await documents).ucp);
  if (ucp.state !== 'present' || !ucp.document.capabilities.includes(catalogLookupCapability)) return null;
  const endpoint = ucp.document.restEndpoints[0];
  const product = drivenProduct(productPages);
  const timeoutMs = probeTimeout(session);
  if (endpoint === undefined || product === null || timeoutMs === null) return null;
  return lookUpCatalog(session, endpoint, product, {
    agentProfile: options.agentProfile,
    timeoutMs,
    round: probeRound + 1,
    now: options.now,
  });
}
