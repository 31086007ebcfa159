import { allowedPrivateHosts, type Config } from '#shared/config.js';
import { recheckRequest } from '#shared/http/schemas/recheck-schemas.js';
import { validationMessage } from '#shared/http/validation-message.js';
import { AppError, invalidInput, notFound } from '#shared/model/errors.js';
import { productPageBudget } from '#shared/model/plans.js';
import type { Tier } from '#shared/model/tiers.js';
import { DEFAULT_LOCAL_TIER } from './scan-args.js';
import type { ScanResult } from '#shared/model/scans/scan-result.js';
import type { Fetcher } from '#shared/outbound/types.js';
import { keysFromSecret } from '#shared/outbound/web-bot-auth/index.js';
import { scanUrl } from '#shared/scanner/engine.js';
import { checksToFix, recheckChecks } from '#shared/scanner/recheck.js';
import { ScanError } from '#shared/scanner/scan-errors.js';
import type { McpToolBackend } from '#shared/mcp/tool-backend.js';
import { scanSummary } from '#shared/mcp/tool-schemas.js';
import { privateTargetHint, resolvedPrivateHint } from '#bin/cli/private-target.js';

/** What the account tools say without a service to ask. */
export const needsServiceMessage =
  'This tool needs the service: set AGENT_READINESS_API_URL (e.g. https://api.example.com) and AGENT_READINESS_API_KEY (an API key) for the MCP server';

const notKept = () => notFound(`Scan not found: only this session's scans are kept here. ${needsServiceMessage} to read stored scans`);

/** Scans kept for get_result and recheck: those of this process only, the newest few. */
const keptResults = 50;

async function refusal(error: ScanError, url: string, config: Config): Promise<AppError> {
  const policy = { allowPrivateHosts: allowedPrivateHosts(config) };
  switch (error.failure) {
    case 'invalid_url':
      return new AppError('invalid_input', (await privateTargetHint(url, policy)) ?? error.message);
    case 'blocked':
      return new AppError('invalid_input', (await resolvedPrivateHint(url)) ?? error.message);
    case 'unreachable':
      return new AppError('upstream_failed', error.message);
    case 'timeout':
      return new AppError('timed_out', 'Scan timed out');
  }
}

/**
 * The tools without a service (stdio, no AGENT_READINESS_API_URL): scans run here as the command line's
 * do, under the public scan's rules (public targets only unless ALLOW_PRIVATE_TARGETS, the scan time
 * limit); get_result and recheck know this process's scans; the account tools say what they need.
 */
export function localToolBackend(config: Config, fetcher: Fetcher): McpToolBackend {
  const results = new Map<string, ScanResult>();
  const webBotAuth =
    config.webBotAuthKey === '' ? undefined : { key: keysFromSecret(config.webBotAuthKey).signing, agentOrigin: config.publicBaseUrl };
  const policy = { allowPrivateHosts: allowedPrivateHosts(config) };
  // As the command line scans: the tier's pages, within the scan time limit from now.
  const runOptions = (tier: Tier) => ({
    tier,
    productPageBudget: productPageBudget(tier, config),
    fetcher,
    policy,
    deadline: Date.now() + config.scanTimeoutSeconds * 1000,
    webBotAuth,
  });
  return {
    // The command line's default: the same URL scans alike whether asked through `scan` or through MCP.
    async scanSite({ url, tier = DEFAULT_LOCAL_TIER }) {
      try {
        const { result } = await scanUrl(url, runOptions(tier));
        results.set(result.id, result);
        if (results.size > keptResults) results.delete(results.keys().next().value!);
        return scanSummary(result, null);
      } catch (error) {
        throw error instanceof ScanError ? await refusal(error, url, config) : error;
      }
    },
    getResult(id) {
      const result = results.get(id);
      return result ? Promise.resolve(scanSummary(result, null)) : Promise.reject(notKept());
    },
    async recheck({ scanId, checks }) {
      const stored = results.get(scanId);
      if (!stored) throw notKept();
      // The REST route's own rules for the list: known ids, no repeats, not empty.
      const request = recheckRequest.safeParse(checks === undefined ? {} : { checks });
      if (!request.success) throw invalidInput(validationMessage(request.error, 'body'));
      try {
        return await recheckChecks(stored, request.data.checks ?? checksToFix(stored), runOptions(stored.tier));
      } catch (error) {
        throw error instanceof ScanError ? await refusal(error, stored.url, config) : error;
      }
    },
    listWatchedSites: () => Promise.reject(new AppError('unauthorized', needsServiceMessage)),
    watchSite: () => Promise.reject(new AppError('unauthorized', needsServiceMessage)),
    compareSites: () => Promise.reject(new AppError('unauthorized', needsServiceMessage)),
  };
}
