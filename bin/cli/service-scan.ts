import type { ScanResult } from '#shared/model/scans/scan-result.js';

/** A deployed service and its API key (AGENT_READINESS_API_URL, AGENT_READINESS_API_KEY). */
export interface ServiceEndpoint {
  baseUrl: string;
  apiKey: string;
}

/**
 * Why the service gave no result, as the command line's exit codes read it: its 400 is the URL's fault, 502 and
 * 504 the site's; anything else (the key, its scope, the allowance, the service itself) is `refused`.
 */
export type ServiceFailure = 'invalid_url' | 'unreachable' | 'timeout' | 'refused';

export class ServiceScanError extends Error {
  override readonly name = 'ServiceScanError';
  constructor(
    readonly failure: ServiceFailure,
    message: string,
  ) {
    super(message);
  }
}

const failureByStatus: Record<number, ServiceFailure> = { 400: 'invalid_url', 502: 'unreachable', 504: 'timeout' };

/** Both variables or neither; throws a readable Error for only one of them. */
export function serviceEndpoint(env: Record<string, string | undefined>): ServiceEndpoint | null {
  const baseUrl = env.AGENT_READINESS_API_URL?.trim() ?? '';
  const apiKey = env.AGENT_READINESS_API_KEY?.trim() ?? '';
  if (baseUrl === '' && apiKey === '') return null;
  if (baseUrl === '' || apiKey === '')
    throw new Error('Set both AGENT_READINESS_API_URL and AGENT_READINESS_API_KEY to scan through a service, or neither to scan from here');
  const url = URL.parse(baseUrl);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    throw new Error('AGENT_READINESS_API_URL must be an http(s) address');
  return { baseUrl: url.href.replace(/\/+$/, ''), apiKey };
}

/** Where the key's owner reads the report (the dashboard's page of the scan). */
export function serviceReportUrl(endpoint: ServiceEndpoint, id: string): string {
  return `${endpoint.baseUrl}/app/scans/${encodeURIComponent(id)}`;
}

/** `POST /api/v1/scan` with the key: the service scans with the plan of the key's account and keeps the result. */
export async function scanThroughService(endpoint: ServiceEndpoint, url: string, fetchImpl: typeof fetch = fetch): Promise<ScanResult> {
  let response: Response;
  try {
    response = await fetchImpl(`${endpoint.baseUrl}/api/v1/scan`, {
      method: 'POST',
      headers: { authorization: `Bearer ${endpoint.apiKey}`, accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ url }),
    });
  } catch (error) {
    throw new ServiceScanError('refused', `The service at ${endpoint.baseUrl} did not answer: ${(error as Error).message}`);
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    // not JSON: a proxy's error page
  }
  if (response.ok && isScanResult(body)) return body;
  const error =
    body !== null && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string'
      ? (body as { error: string }).error
      : `the service answered ${response.status} without a scan result`;
  throw new ServiceScanError(failureByStatus[response.status] ?? 'refused', `The service refused the scan (${response.status}): ${error}`);
}

function isScanResult(body: unknown): body is ScanResult {
  if (body === null || typeof body !== 'object') return false;
  const result = body as Partial<ScanResult>;
  const lists = [result.caps, result.dimensions, result.checks, result.recommendations, result.products, result.assistants];
  return typeof result.id === 'string' && typeof result.score === 'number' && typeof result.band === 'string' && lists.every(Array.isArray);
}
