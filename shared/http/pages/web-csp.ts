interface WebPolicyOptions {
  /** Sources allowed beside the service's own script, e.g. an inline script's hash. */
  scripts?: readonly string[];
  formAction?: string;
  /** The Trusted Types policies the page's script may create. */
  trustedTypes?: string;
}

/**
 * The web pages' Content-Security-Policy: their one stylesheet and one script come from the service
 * itself, nothing inline runs, and the script builds DOM only through calls Trusted Types allows.
 * A page may add a script source, shut form posts off, or name the Trusted Types policy it needs.
 */
export function webPolicy({ scripts = [], formAction = "'self'", trustedTypes = "'none'" }: WebPolicyOptions = {}): string {
  return [
    "default-src 'none'",
    ["script-src 'self'", ...scripts].join(' '),
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    `form-action ${formAction}`,
    "frame-ancestors 'none'",
    "require-trusted-types-for 'script'",
    `trusted-types ${trustedTypes}`,
  ].join('; ');
}

export const webPageCsp = webPolicy();

/**
 * The API reference page's policy: Redoc (React with styled-components) writes <style> elements and
 * sets HTML it has sanitised (DOMPurify), and searches in a worker it starts from a blob: URL, so this
 * one page allows inline styles and blob: workers and does not enforce Trusted Types. Scripts are still
 * only the service's own files.
 */
export const docsPageCsp = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  'worker-src blob:',
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The owned report's page: as the web pages, except that its script may set the report's HTML,
 * which GET /api/v1/scan/{id}/report renders with every value escaped, through its one Trusted Types
 * policy (`scan-report`).
 */
export const ownedReportCsp = webPolicy({ trustedTypes: 'scan-report' });
