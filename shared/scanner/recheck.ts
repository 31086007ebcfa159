import type { CheckVerdict, RecheckResult } from '#shared/model/scans/recheck-result.js';
import type { ScanResult } from '#shared/model/scans/scan-result.js';
import type { Tier } from '#shared/model/tiers.js';
import type { Fetcher } from '#shared/outbound/types.js';
import type { TargetPolicy } from '#shared/outbound/target-policy.js';
import { validateTargetUrl } from '#shared/outbound/target-url.js';
import type { RequestSigner } from '#shared/outbound/web-bot-auth/index.js';
import type { PageMarkupCache } from '#shared/scanner/analyse-page.js';
import { needsOf } from '#shared/scanner/check-needs.js';
import { allChecks } from '#shared/scanner/checks/index.js';
import type { CheckDefinition } from '#shared/scanner/checks/types.js';
import { regather } from '#shared/scanner/regather.js';
import { ScanError } from '#shared/scanner/scan-errors.js';

export interface RecheckOptions {
  /** The tier the re-check runs at: the caller's now, which may not be the scan's. */
  tier: Tier;
  /**
   * Product pages that tier allows besides the homepage: how many of the scan's product pages are read
   * again, and whether the site's root is read beside a scanned product page.
   */
  productPageBudget: number;
  fetcher: Fetcher;
  policy: TargetPolicy;
  /** The re-check must finish by then (epoch ms); anything not fetched in time is not_assessed. */
  deadline: number;
  now?: () => number;
  markupCache?: PageMarkupCache | undefined;
  webBotAuth?: RequestSigner | undefined;
}

const definitions = new Map<string, CheckDefinition>(allChecks.map((check) => [check.id, check]));

/** The ids that name no check, in the order given. */
function unknownCheckIds(checkIds: readonly string[]): string[] {
  return checkIds.filter((id) => !definitions.has(id));
}

/** The checks a scan warned about or failed: what a re-check looks at when it is not told. */
export function checksToFix(result: ScanResult): string[] {
  return result.checks.filter((check) => check.status === 'warn' || check.status === 'fail').map((check) => check.id);
}

/**
 * Judges the given checks again on the scan's own pages, fetching only what they read
 * (check-needs.ts); the stored result is not changed. Fails as a scan fails (ScanError) when a page
 * the checks need cannot be read.
 */
export async function recheckChecks(stored: ScanResult, checkIds: readonly string[], options: RecheckOptions): Promise<RecheckResult> {
  const now = options.now ?? Date.now;
  const unknown = unknownCheckIds(checkIds);
  if (unknown.length > 0) throw new Error(`Unknown checks: ${unknown.join(', ')}`);
  const checks = [...new Set(checkIds)].map((id) => definitions.get(id) as CheckDefinition);
  const base = { scanId: stored.id, url: stored.url };
  if (checks.length === 0) return { ...base, checkedAt: new Date(now()).toISOString(), pages: [], checks: [] };
  const validated = validateTargetUrl(stored.url, options.policy);
  if (!validated.ok) throw new ScanError('invalid_url', validated.message);

  const { artifacts, pages } = await regather(
    {
      url: validated.url.toString(),
      finalUrl: stored.finalUrl,
      tier: options.tier,
      productUrls: productUrlsWithin(stored, options.productPageBudget),
    },
    needsOf(checks.map((check) => check.id)),
    {
      productPageBudget: options.productPageBudget,
      fetcher: options.fetcher,
      deadline: options.deadline,
      now,
      markupCache: options.markupCache,
      webBotAuth: options.webBotAuth,
    },
  );
  return {
    ...base,
    checkedAt: new Date(artifacts.startedAt).toISOString(),
    pages,
    checks: checks.map((definition) => {
      const before = verdictIn(stored, definition.id);
      const { status, score, summary } = definition.evaluate(artifacts);
      const after: CheckVerdict = { status, score, summary };
      return {
        checkId: definition.id,
        title: definition.title,
        dimension: definition.dimension,
        before,
        after,
        fixed: (before.status === 'warn' || before.status === 'fail') && after.status === 'pass',
      };
    }),
  };
}

/**
 * The scan's product pages a re-check at `budget` reads again: as many as a scan at that budget holds,
 * in the scan's order (the scanned page first when it is a product page, which stays even at 0, as a
 * homepage-only scan keeps it). After a downgrade that is fewer than the scan read.
 */
function productUrlsWithin(stored: ScanResult, budget: number): string[] {
  const urls = stored.products.map((product) => product.url);
  const scannedItself = urls.filter((url) => url === stored.url || url === stored.finalUrl).length;
  return urls.slice(0, Math.max(budget, scannedItself));
}

function verdictIn(stored: ScanResult, checkId: string): CheckVerdict {
  const check = stored.checks.find((candidate) => candidate.id === checkId);
  if (!check) return { status: 'not_assessed', score: null, summary: 'This check was not part of the scan' };
  return { status: check.status, score: check.score, summary: check.summary };
}
