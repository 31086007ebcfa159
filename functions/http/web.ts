import { getPublicResult } from '#shared/use-cases/scan-results.js';
import { publicResultBadge, watchedSiteBadge } from '#shared/use-cases/badges/badge-facts.js';
import { badgeNotFound, badgeResponse, reportGoneBadge } from '#shared/http/badge-response.js';
import { AppError } from '#shared/model/errors.js';
import { webAsset } from '#shared/http/pages/assets/web-assets.js';
import { pageNotFoundPage, reportNotFoundPage } from '#shared/http/pages/not-found-page.js';
import { reportPage } from '#shared/http/pages/report-page.js';
import { scannerPage } from '#shared/http/pages/scanner-page.js';
import { docsPageCsp, ownedReportCsp, webPageCsp } from '#shared/http/pages/web-csp.js';
import { ownedReportPage } from '#shared/http/pages/owned-report-page.js';
import { watchedSitePage } from '#shared/http/pages/watched-site-page.js';
import { docsPage } from '#shared/http/pages/docs-page.js';
import { signInFormPage } from '#shared/http/pages/sign-in-form-page.js';
import { dashboardPage } from '#shared/http/pages/dashboard-page.js';
import { pricingPage } from '#shared/http/pages/pricing-page.js';
import { priceList } from '#shared/model/pricing.js';
import { docsBundle } from '#shared/http/pages/assets/docs-bundle.js';
import { permissionsPolicy } from '#shared/http/security-headers.js';
import type { ApiResponse } from '#shared/http/api-types.js';
import { webRoutes } from '#shared/http/routes/web-routes.js';
import { Uuid } from '#shared/http/schemas/common-schemas.js';
import { createFamilyHandler, type FamilyHandlers } from '#shared/http/family-handler.js';
import type { Built } from '#shared/dependencies.js';
import type { Config } from '#shared/config.js';
import { createTable } from '#shared/db/client.js';

function htmlPage(status: number, html: string, cacheControl = 'no-store', csp = webPageCsp): ApiResponse {
  return {
    status,
    html,
    headers: {
      'content-security-policy': csp,
      // Copy buttons on snippets write to the clipboard.
      'permissions-policy': permissionsPolicy(['clipboard-write']),
      'cache-control': cacheControl,
    },
  };
}

/** Built with only what this function uses, so its bundle and cold start carry nothing else. */
export function wire(config: Config) {
  return { table: createTable(config) };
}

export const operations: FamilyHandlers<'web', Built<typeof wire>> = {
  showScannerPage: async (_request, deps) =>
    htmlPage(
      200,
      scannerPage({ origin: new URL(deps.config.publicBaseUrl).origin, freeScansPerDay: deps.config.publicScanLimitPerDay }),
      'public, max-age=300',
    ),
  showReportPage: async (request, deps) => {
    const { id } = request.params;
    if (!Uuid.safeParse(id).success) return htmlPage(404, reportNotFoundPage());
    try {
      const result = await getPublicResult(id.toLowerCase(), deps);
      const shareUrl = new URL(`/r/${result.id}`, deps.config.publicBaseUrl).toString();
      return htmlPage(200, reportPage(result, shareUrl), `private, max-age=${deps.config.resultCacheMaxAgeSeconds}`);
    } catch (error) {
      if (error instanceof AppError && error.kind === 'not_found') return htmlPage(404, reportNotFoundPage());
      throw error;
    }
  },
  getResultBadge: async (request, deps) => {
    const { id } = request.params;
    const notFound = () =>
      reportGoneBadge(
        request.headers.accept,
        'Result not found or expired',
        new URL('/', deps.config.publicBaseUrl).toString(),
        deps.config.resultCacheMaxAgeSeconds,
      );
    if (!Uuid.safeParse(id).success) return notFound();
    try {
      const facts = await publicResultBadge(id.toLowerCase(), deps);
      const reportUrl = new URL(`/r/${id.toLowerCase()}`, deps.config.publicBaseUrl).toString();
      return badgeResponse(facts, reportUrl, deps.config.resultCacheMaxAgeSeconds);
    } catch (error) {
      if (error instanceof AppError && error.kind === 'not_found') return notFound();
      throw error;
    }
  },
  getSiteBadge: async (request, deps) => {
    const siteId = /^(.+)\.svg$/i.exec(request.params.file)?.[1];
    const notFound = () => badgeNotFound(request.headers.accept, 'Badge not found');
    if (siteId === undefined || !Uuid.safeParse(siteId).success) return notFound();
    try {
      const facts = await watchedSiteBadge(siteId.toLowerCase(), deps);
      // The site's reports are its owner's; the badge leads to the scanner, where anyone can check a shop.
      return badgeResponse(facts, new URL('/', deps.config.publicBaseUrl).toString(), deps.config.resultCacheMaxAgeSeconds);
    } catch (error) {
      if (error instanceof AppError && error.kind === 'not_found') return notFound();
      throw error;
    }
  },
  showDocsPage: async () => htmlPage(200, docsPage(docsBundle().file), 'public, max-age=300', docsPageCsp),
  showSignInForm: async (_request, deps) =>
    htmlPage(200, signInFormPage({ linkValidityMinutes: deps.config.signInLinkValidityMinutes }), 'public, max-age=300'),
  showDashboard: async (_request, deps) => htmlPage(200, dashboardPage({ origin: new URL(deps.config.publicBaseUrl).origin }), 'no-store'),
  showPricingPage: async (_request, deps) =>
    htmlPage(
      200,
      pricingPage(priceList(deps.config), { canonicalUrl: new URL('/pricing', deps.config.publicBaseUrl).toString() }),
      'public, max-age=300',
    ),
  showOwnedReport: async (request) => htmlPage(200, ownedReportPage(request.params.id), 'no-store', ownedReportCsp),
  showWatchedSitePage: async (request) => htmlPage(200, watchedSitePage(request.params.id), 'no-store'),
  getWebAsset: async (request): Promise<ApiResponse> => {
    const asset = webAsset(request.params.file);
    if (!asset) return { status: 404, text: 'Not found', headers: { 'content-type': 'text/plain; charset=utf-8' } };
    return {
      status: 200,
      text: asset.body,
      headers: { 'content-type': asset.contentType, 'cache-control': 'public, max-age=31536000, immutable' },
    };
  },
};

/**
 * Also serves API Gateway's `$default` route: unknown page paths get the HTML 404 page, unknown /api/
 * paths `{"error"}` 404 and wrong methods 405 (decision 071).
 */
export const handler = createFamilyHandler(
  { family: 'web', routes: webRoutes, operations, notFoundPage: () => htmlPage(404, pageNotFoundPage()) },
  wire,
);
