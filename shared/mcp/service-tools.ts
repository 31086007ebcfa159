import type { z } from 'zod';
import type { Dependencies } from '#shared/dependencies.js';
import type { ApiRequest } from '#shared/http/api-types.js';
import { withRateLimits } from '#shared/http/rate-limit-step.js';
import type { RouteDef } from '#shared/http/route-types.js';
import { scannerRoutes } from '#shared/http/routes/scanner-routes.js';
import { sitesRoutes } from '#shared/http/routes/sites-routes.js';
import { validationMessage } from '#shared/http/validation-message.js';
import type { Caller } from '#shared/model/accounts/caller.js';
import { forbidden, invalidInput } from '#shared/model/errors.js';
import { tierAtLeast } from '#shared/model/tiers.js';
import { authorize } from '#shared/use-cases/accounts/authenticate.js';
import { getAccountScan } from '#shared/use-cases/scan-results.js';
import { runAccountScan } from '#shared/use-cases/scans.js';
import { recheckScan } from '#shared/use-cases/recheck-scan.js';
import { addSite, listSites } from '#shared/use-cases/sites/manage-watched-sites.js';
import { compareWatchedSites } from '#shared/use-cases/sites/compare-sites.js';
import { compareSitesSummary } from './compare-summary.js';
import { checkRequestedTier } from './tier-choice.js';
import type { McpToolBackend } from './tool-backend.js';
import { scanSummary, watchedSiteSummary } from './tool-schemas.js';

/** What one POST /mcp brings: its credentials and where it comes from. */
export interface McpRequestContext {
  authorization: string | undefined;
  sourceIp: string;
  requestId: string;
  headers: Record<string, string>;
}

function validated<S extends z.ZodType>(schema: S | undefined, value: unknown, where: 'body' | 'path'): z.output<S> {
  if (!schema) throw new Error('The route has no schema for this input');
  const result = schema.safeParse(value);
  if (!result.success) throw invalidInput(validationMessage(result.error, where));
  return result.data;
}

/**
 * Runs a tool as the REST route it mirrors runs a request, in the dispatch's order (shared/http/family-handler.ts):
 * the key with the route's scope and the monthly allowance (a dashboard session refused as there), the
 * input against the route's schema, the route's tier, then its rate limits around the use case.
 */
async function asRoute<T>(
  route: RouteDef,
  context: McpRequestContext,
  deps: Pick<Dependencies, 'config' | 'table' | 'clock' | 'logger' | 'keyPepper'>,
  input: { body?: unknown; params?: Record<string, string> },
  work: (caller: Caller, parsed: { body: unknown; params: unknown }) => Promise<T>,
): Promise<T> {
  const caller = await authorize(context.authorization, route, deps);
  const body = input.body === undefined ? undefined : validated(route.body, input.body, 'body');
  const params = input.params === undefined ? undefined : validated(route.params, input.params, 'path');
  if (route.tier && !tierAtLeast(caller.tier, route.tier)) {
    throw forbidden(`This endpoint needs the ${route.tier} tier or above; this account is on ${caller.tier}`);
  }
  const request: ApiRequest = {
    route,
    params,
    query: undefined,
    body,
    rawBody: '',
    headers: context.headers,
    sourceIp: context.sourceIp,
    requestId: context.requestId,
    caller,
  };
  return withRateLimits(route, request, deps, () => work(caller, { body, params }));
}

/** The tools over the service's own use cases, for one POST /mcp. */
export function serviceToolBackend(
  context: McpRequestContext,
  deps: Pick<
    Dependencies,
    'config' | 'table' | 'clock' | 'logger' | 'queue' | 'keyPepper' | 'fetcher' | 'lookup' | 'markupCache' | 'webBotAuthKey'
  >,
): McpToolBackend {
  const reportUrl = (id: string) => `${deps.config.publicBaseUrl}/app/scans/${id}`;
  return {
    scanSite: ({ url, tier }) =>
      asRoute(scannerRoutes.createScan, context, deps, { body: { url } }, async (caller, parsed) => {
        checkRequestedTier(tier, caller.tier);
        const result = await runAccountScan((parsed.body as { url: string }).url, caller, deps);
        return scanSummary(result, reportUrl(result.id));
      }),
    getResult: (id) =>
      asRoute(scannerRoutes.getScan, context, deps, { params: { id } }, async (caller, parsed) => {
        const result = await getAccountScan((parsed.params as { id: string }).id, caller, deps);
        return scanSummary(result, reportUrl(result.id));
      }),
    listWatchedSites: () =>
      asRoute(sitesRoutes.listWatchedSites, context, deps, {}, async (caller) => {
        const { sites, limit, used } = await listSites(caller, deps);
        return { sites: sites.map(watchedSiteSummary), limit, used };
      }),
    recheck: ({ scanId, checks }) =>
      asRoute(
        scannerRoutes.recheckScan,
        context,
        deps,
        { params: { id: scanId }, body: checks === undefined ? {} : { checks } },
        (caller, parsed) => recheckScan((parsed.params as { id: string }).id, (parsed.body as { checks?: string[] }).checks, caller, deps),
      ),
    compareSites: () =>
      asRoute(sitesRoutes.compareWatchedSites, context, deps, {}, async (caller) =>
        compareSitesSummary(await compareWatchedSites(caller, deps)),
      ),
    watchSite: (url) =>
      asRoute(sitesRoutes.addWatchedSite, context, deps, { body: { url } }, async (caller, parsed) => {
        const { site } = await addSite(caller, parsed.body as { url: string; alertEnabled: boolean }, deps);
        return { site: watchedSiteSummary(site) };
      }),
  };
}
