import { z } from 'zod';
import { ErrorBody } from '#shared/http/schemas/common-schemas.js';
import { defineFamilyRoutes } from './define-routes.js';

const page = (description: string) => ({ 200: { description, contentType: 'text/html' as const } });

/** A badge: an SVG image; a 404 is a grey "not found" badge, or `{"error"}` to a client asking for JSON alone. */
const badgeResponses = (notFound: string) => ({
  200: {
    description: 'The badge (SVG), cached for 5 minutes (`Cache-Control: public, max-age=300`)',
    contentType: 'image/svg+xml' as const,
  },
  404: {
    description: `${notFound}: a "not found" badge (SVG), or \`{"error"}\` when the request accepts only JSON`,
    contentType: ['image/svg+xml', 'application/json'] as const,
    schema: ErrorBody,
  },
});

/** Web pages for people (not part of the API document): HTML, with their one stylesheet and script. */
export const webRoutes = defineFamilyRoutes('web', {
  showScannerPage: {
    auth: 'none',
    tags: ['Web'],
    summary: 'The public scanner page',
    responses: page('The scanner page'),
  },
  showReportPage: {
    auth: 'none',
    tags: ['Web'],
    // Any id is accepted here: a malformed one gets the same friendly 404 page as an unknown one.
    summary: 'The shareable report of a public scan result',
    params: z.object({ id: z.string() }),
    responses: { ...page('The report'), 404: { description: 'No such report, or it expired', contentType: 'text/html' } },
  },
  getResultBadge: {
    auth: 'none',
    documented: true,
    tags: ['Badges'],
    // Like the report page, any id is accepted: a malformed one is the same 404 as an unknown one.
    summary: 'The badge of a public scan result: its score and band, linking to its report /r/{id}',
    params: z.object({ id: z.string().meta({ description: 'The id of a public scan result (the report /r/{id})' }) }),
    responses: {
      ...badgeResponses('No such public result, or it expired'),
      200: {
        description:
          'The badge (SVG), cached for 5 minutes (`Cache-Control: public, max-age=300`). When the result is unknown or expired, an image client gets a "no current report" badge linking to the scanner (image proxies show nothing for a 404)',
        contentType: 'image/svg+xml' as const,
      },
      404: {
        description: 'No such public result, or it expired, and the request accepts only JSON: `{"error"}`',
        contentType: 'application/json' as const,
        schema: ErrorBody,
      },
    },
  },
  getSiteBadge: {
    auth: 'none',
    documented: true,
    tags: ['Badges'],
    summary: 'The badge of a watched site whose owner set `publicBadge: true`: its latest score and band',
    params: z.object({
      file: z
        .string()
        .meta({ description: "The watched site's id followed by `.svg`", example: '3f1c0b9e-5d2a-4c1e-9a7b-2f4e6d8c0a1b.svg' }),
    }),
    responses: badgeResponses('No such watched site, or its badge is not public (the same answer, so ids cannot be probed)'),
  },
  showDocsPage: {
    auth: 'none',
    tags: ['Web'],
    summary: 'The API reference, drawn from GET /api/openapi.json',
    responses: page('The API reference'),
  },
  showSignInForm: {
    auth: 'none',
    tags: ['Web'],
    summary: 'The sign-in page: an e-mail address, for a sign-in link',
    responses: page('The sign-in form'),
  },
  showDashboard: {
    auth: 'none',
    tags: ['Web'],
    summary: 'The dashboard of a signed-in user (the page reads the account with the key kept in the tab)',
    responses: page('The dashboard'),
  },
  showPricingPage: {
    auth: 'none',
    tags: ['Web'],
    summary: 'The plans, their prices, limits and features (the data of GET /api/pricing)',
    responses: page('The pricing page'),
  },
  showOwnedReport: {
    auth: 'none',
    tags: ['Web'],
    // The id is checked by the API the page's script calls with the key kept in the tab.
    summary: "The report of one of the signed-in user's scans",
    params: z.object({ id: z.string() }),
    responses: page('The report page'),
  },
  showWatchedSitePage: {
    auth: 'none',
    tags: ['Web'],
    // The id is checked by the API the page's script calls with the key kept in the tab.
    summary: "A watched site's page: its score history, last report, thresholds and where its alerts go",
    params: z.object({ id: z.string() }),
    responses: page("The site's page"),
  },
  getWebAsset: {
    auth: 'none',
    tags: ['Web'],
    summary: 'The stylesheet or script of the web pages, named by content hash',
    params: z.object({ file: z.string() }),
    responses: { 200: { description: 'The file' }, 404: { description: 'No such file' } },
  },
});
