import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/** On every response. */
const everywhere: Record<string, string> = {
  'strict-transport-security': 'max-age=15552000; includeSubDomains; preload',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'origin-agent-cluster': '?1',
};

const browserFeatures = [
  'accelerometer',
  'autoplay',
  'camera',
  'clipboard-read',
  'clipboard-write',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
] as const;

/** Every powerful browser feature off, except those a page needs for itself. */
export function permissionsPolicy(ownFeatures: ReadonlyArray<(typeof browserFeatures)[number]> = []): string {
  return browserFeatures.map((feature) => `${feature}=${ownFeatures.includes(feature) ? '(self)' : '()'}`).join(', ');
}

/** Only on HTML pages (a JSON body is not a document). No reporting endpoint exists, so none is named. */
const pagesOnly: Record<string, string> = {
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': permissionsPolicy(),
};

/**
 * Security headers, under what the handler set: a page that needs a permission (the sign-in page's
 * Copy button needs clipboard-write) sets its own Permissions-Policy, which wins. Deliberately absent:
 * X-XSS-Protection (deprecated; its filter caused leaks) and Report-To / Reporting-Endpoints (nothing
 * receives reports).
 */
export function withSecurityHeaders(result: APIGatewayProxyStructuredResultV2): APIGatewayProxyStructuredResultV2 {
  const headers = Object.fromEntries(Object.entries(result.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
  const isPage = String(headers['content-type'] ?? '').startsWith('text/html');
  return { ...result, headers: { ...everywhere, ...(isPage ? pagesOnly : {}), ...headers } };
}
