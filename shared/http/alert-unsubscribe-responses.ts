import type { Dependencies } from '#shared/dependencies.js';
import { AppError } from '#shared/model/errors.js';
import { sitesOfUnsubscribeLink, unsubscribeFromAlerts } from '#shared/use-cases/sites/alert-unsubscribe.js';
import type { ApiResponse } from '#shared/http/api-types.js';
import { unsubscribeConfirmPage, unsubscribedPage, unsubscribeLinkErrorPage } from '#shared/http/pages/alert-unsubscribe-page.js';
import { webPageCsp } from '#shared/http/pages/web-csp.js';
import { routeIndex } from '#shared/http/route-index.js';

function page(status: number, html: string): ApiResponse {
  return {
    status,
    html,
    // The token is in the address: no caching, no referrer, no index.
    headers: {
      'content-security-policy': webPageCsp,
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'x-robots-tag': 'noindex',
    },
  };
}

/** GET: a page that names the sites and asks; a damaged or forged link gets a page saying so (400, 404). */
export async function unsubscribeConfirmResponse(
  token: string | undefined,
  deps: Pick<Dependencies, 'table' | 'keyPepper'>,
): Promise<ApiResponse> {
  try {
    const sites = await sitesOfUnsubscribeLink(token, deps);
    const action = `${routeIndex.unsubscribeAlerts.path}?${new URLSearchParams({ token: token! }).toString()}`;
    return page(200, unsubscribeConfirmPage(sites, action));
  } catch (error) {
    if (error instanceof AppError && error.kind === 'invalid_input')
      return page(400, unsubscribeLinkErrorPage('The link is incomplete or damaged. Open it from the e-mail again.'));
    if (error instanceof AppError && error.kind === 'not_found')
      return page(404, unsubscribeLinkErrorPage('This is not an unsubscribe link of this service.'));
    throw error;
  }
}

/** POST (a mail client's one-click, or the page's button): 200 once alerts are off; errors are `{"error"}`. */
export async function unsubscribeResponse(
  token: string | undefined,
  deps: Pick<Dependencies, 'table' | 'logger' | 'keyPepper'>,
): Promise<ApiResponse> {
  return page(200, unsubscribedPage(await unsubscribeFromAlerts(token, deps)));
}
