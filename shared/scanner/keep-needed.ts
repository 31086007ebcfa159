import { analysePage } from '#shared/scanner/analyse-page.js';
import type { Artifacts, PageArtifact, Retrieval, SiteArtifacts, SiteFile } from '#shared/scanner/artifacts.js';
import type { SiteSource, Source } from '#shared/scanner/check-needs.js';
import { documentNames, type DocumentName } from '#shared/scanner/documents/registry.js';
import { detectPlatform } from '#shared/scanner/parse/platform.js';
import { robotsFile } from '#shared/scanner/site-files.js';

/** What a re-check leaves in place of a source its checks do not read: nothing was fetched. */
export const notNeeded: Retrieval = { state: 'skipped', reason: 'deadline' };

const noPlatform = detectPlatform({ html: '', headers: {} });

function unfetched(page: PageArtifact): PageArtifact {
  return analysePage(page.url, page.kind, notNeeded);
}

function unfetchedFile<T>(file: SiteFile<T>): SiteFile<T> {
  return { url: file.url, retrieval: notNeeded, result: null, ...(file.via ? { via: file.via } : {}) };
}

function unfetchedDocuments(site: SiteArtifacts): Pick<SiteArtifacts, DocumentName> {
  return Object.fromEntries(documentNames.map((name) => [name, unfetchedFile<unknown>(site[name])])) as unknown as Pick<
    SiteArtifacts,
    DocumentName
  >;
}

function unfetchedSite(site: SiteArtifacts): Omit<SiteArtifacts, 'origin'> {
  return {
    robots: robotsFile(site.robots.url, notNeeded),
    sitemap: null,
    ...unfetchedDocuments(site),
    plainHttp: { url: site.plainHttp.url, retrieval: notNeeded },
    markdown: null,
    catalog: null,
    webBotAuth: null,
    edgeProbe: null,
    mcpDrive: null,
    ucpProbe: null,
    acpProbe: null,
    a2aDrive: null,
    ucpCheckoutDrive: null,
    acpCheckoutDrive: null,
    ucpCatalogLookup: null,
  };
}

/**
 * The artifacts with every source outside `needs` as a re-check leaves it (not fetched, or absent),
 * the scan's own facts kept. A re-check's artifacts go through this, and so does the test that holds
 * the checks to their declared needs, so both see the same placeholders.
 */
export function keepNeeded(artifacts: Artifacts, needs: ReadonlySet<Source>): Artifacts {
  const blank = unfetchedSite(artifacts.site);
  const site = { ...artifacts.site };
  for (const source of Object.keys(blank) as SiteSource[]) {
    if (!needs.has(source)) Object.assign(site, { [source]: blank[source] });
  }
  return {
    ...artifacts,
    homepage: needs.has('homepage') ? artifacts.homepage : unfetched(artifacts.homepage),
    productPages: needs.has('productPages') ? artifacts.productPages : artifacts.productPages.map(unfetched),
    platform: needs.has('platform') ? artifacts.platform : noPlatform,
    site,
  };
}
