import { AppError, type ErrorKind } from '#shared/model/errors.js';
import type { ScanResult } from '#shared/model/scans/scan-result.js';
import type { Tier } from '#shared/model/tiers.js';
import { checkRequestedTier } from '#shared/mcp/tier-choice.js';
import type { McpToolBackend } from '#shared/mcp/tool-backend.js';
import { compareSitesSummary } from '#shared/mcp/compare-summary.js';
import type { Competition } from '#shared/model/sites/competition.js';
import { scanSummary, watchedSiteSummary, type RecheckOutput, type WatchedSiteSummary } from '#shared/mcp/tool-schemas.js';

/** Where a deployed service is and the key to call it with (AGENT_READINESS_API_URL, AGENT_READINESS_API_KEY). */
export interface ServiceEndpoint {
  baseUrl: string;
  apiKey: string;
}

const kindByStatus: Record<number, ErrorKind> = {
  400: 'invalid_input',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  429: 'rate_limited',
  502: 'upstream_failed',
  504: 'timed_out',
};

/**
 * The tools over a deployed service's REST API (stdio with AGENT_READINESS_API_URL and _KEY): each tool is
 * one or two REST calls with the key, so the service applies its scopes, tiers, allowance and limits, and
 * a refusal is its `{"error"}` message.
 */
export function serviceClientBackend(endpoint: ServiceEndpoint, fetchImpl: typeof fetch = fetch): McpToolBackend {
  const base = endpoint.baseUrl.replace(/\/+$/, '');
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${endpoint.apiKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (error) {
      throw new AppError('unavailable', `The service at ${base} did not answer: ${(error as Error).message}`);
    }
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text === '' ? null : (JSON.parse(text) as unknown);
    } catch {
      // not JSON: a proxy's page
    }
    if (response.ok) return parsed as T;
    const message =
      parsed !== null && typeof parsed === 'object' && typeof (parsed as { error?: unknown }).error === 'string'
        ? (parsed as { error: string }).error
        : `The service answered ${response.status}`;
    throw new AppError(kindByStatus[response.status] ?? 'unavailable', message);
  }
  const reportUrl = (id: string) => `${base}/app/scans/${id}`;
  return {
    async scanSite({ url, tier }: { url: string; tier?: Tier | undefined }) {
      if (tier) checkRequestedTier(tier, (await call<{ tier: Tier }>('GET', '/api/v1/account')).tier);
      const result = await call<ScanResult>('POST', '/api/v1/scan', { url });
      return scanSummary(result, reportUrl(result.id));
    },
    async getResult(id) {
      const result = await call<ScanResult>('GET', `/api/v1/scan/${encodeURIComponent(id)}`);
      return scanSummary(result, reportUrl(result.id));
    },
    async listWatchedSites() {
      const list = await call<{ sites: WatchedSiteSummary[]; limit: number; used: number }>('GET', '/api/v1/watched-sites');
      return { sites: list.sites.map(watchedSiteSummary), limit: list.limit, used: list.used };
    },
    async compareSites() {
      return compareSitesSummary(await call<Competition>('GET', '/api/v1/watched-sites/compare'));
    },
    async watchSite(url) {
      const { site } = await call<{ site: WatchedSiteSummary }>('POST', '/api/v1/watched-sites', { url });
      return { site: watchedSiteSummary(site) };
    },
    recheck: ({ scanId, checks }) =>
      call<RecheckOutput>('POST', `/api/v1/scan/${encodeURIComponent(scanId)}/recheck`, checks === undefined ? {} : { checks }),
  };
}
