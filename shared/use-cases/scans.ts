import { platformProfileUrl } from '#shared/use-cases/ucp-platform-profile.js';
import type { CheckoutDriveGrant } from '#shared/scanner/drives/ask-checkout-drive.js';
import { putOwnedScan, putScan } from '#shared/db/scan-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { Caller } from '#shared/model/accounts/caller.js';
import { countScan, refundScan } from '#shared/use-cases/accounts/usage.js';
import { AppError } from '#shared/model/errors.js';
import { scanCompleteData } from '#shared/model/events.js';
import { emitEvent } from '#shared/use-cases/emit-event.js';
import { productPageBudget } from '#shared/model/plans.js';
import { screenTarget } from '#shared/use-cases/scan-target.js';
import type { Tier } from '#shared/model/tiers.js';
import { allowedPrivateHosts } from '#shared/config.js';
import { scanUrl, type ScanResult } from '#shared/scanner/engine.js';
import { ScanError } from '#shared/scanner/scan-errors.js';
import type { StageListener } from '#shared/scanner/stage-listener.js';
import { progressReporter } from '#shared/use-cases/scan-progress.js';
import type { RequestSigner } from '#shared/outbound/web-bot-auth/index.js';

/** Time kept back from the scan limit for storing the result and answering. */
const answerMarginMs = 4_000;

const unreachableMessage = 'Scan failed: the URL may be unreachable';

const failures = {
  invalid_url: (message: string) => new AppError('invalid_input', message),
  blocked: (message: string) => new AppError('invalid_input', message),
  unreachable: (message: string) => new AppError('upstream_failed', message),
  timeout: () => new AppError('timed_out', 'Scan timed out'),
};

/**
 * Before anything is counted: a host that resolves to a blocked address is a 400; one that does not
 * resolve (or not in time) is a failed scan (502), as an unreachable site is.
 */
export async function checkScanTarget(url: string, deps: Pick<Dependencies, 'config' | 'lookup'>): Promise<void> {
  const screen = await screenTarget(url, deps);
  if (screen.ok) return;
  if (screen.reason === 'blocked') throw failures.blocked(`url: ${screen.message}`);
  throw failures.unreachable(`${unreachableMessage} (${screen.message})`);
}

/** A scan's failure as the API answers it: 400, 502 or 504. */
export function scanFailure(error: ScanError): AppError {
  return error.failure === 'timeout' ? failures.timeout() : failures[error.failure](error.message);
}

/** A failure on the target's side: the scan is not counted against the caller's allowance. */
export function isTargetFailure(error: unknown): boolean {
  return error instanceof AppError && (error.kind === 'upstream_failed' || error.kind === 'timed_out');
}

/** Runs one scan with a tier's page budget inside the spec's 30 seconds, mapping scan failures to the spec's statuses. */
export async function runScan(
  url: string,
  tier: Tier,
  deps: Pick<Dependencies, 'config' | 'clock' | 'logger' | 'fetcher' | 'lookup' | 'markupCache' | 'webBotAuthKey'>,
  retentionMs: number | null,
  onStage?: StageListener,
  checkoutDrive?: CheckoutDriveGrant,
): Promise<ScanResult> {
  const started = deps.clock.now();
  await checkScanTarget(url, deps);
  return scanCheckedTarget(url, tier, deps, retentionMs, started, onStage, checkoutDrive);
}

/**
 * `started` is taken before the target's host is resolved, so a host that is slow to resolve shortens the
 * scan instead of pushing its end past the function's time-out (29 s, lib/function-catalog.ts).
 */
async function scanCheckedTarget(
  url: string,
  tier: Tier,
  deps: Pick<Dependencies, 'config' | 'clock' | 'logger' | 'fetcher' | 'markupCache' | 'webBotAuthKey'>,
  retentionMs: number | null,
  started: number,
  onStage?: StageListener,
  checkoutDrive?: CheckoutDriveGrant,
): Promise<ScanResult> {
  try {
    const { result } = await scanUrl(url, { tier, retentionMs, onStage, checkoutDrive, ...(await scanRunOptions(tier, deps, started)) });
    return result;
  } catch (error) {
    if (!(error instanceof ScanError)) throw error;
    throw scanFailure(error);
  }
}

/**
 * What every fetch of a shop for a scan or a re-check runs with: the tier's page budget, the fetcher and
 * its target policy, a deadline inside the scan time limit (counted from `started`), the markup cache and
 * the request signer.
 */
export async function scanRunOptions(
  tier: Tier,
  deps: Pick<Dependencies, 'config' | 'clock' | 'logger' | 'fetcher' | 'markupCache' | 'webBotAuthKey'>,
  started: number,
) {
  const { config, clock } = deps;
  return {
    productPageBudget: productPageBudget(tier, config),
    fetcher: deps.fetcher,
    policy: { allowPrivateHosts: allowedPrivateHosts(config) },
    deadline: started + config.scanTimeoutSeconds * 1000 - answerMarginMs,
    now: () => clock.now(),
    markupCache: deps.markupCache,
    webBotAuth: await requestSigner(deps),
    ucpAgentProfile: platformProfileUrl(config.publicBaseUrl),
  };
}

/**
 * The scanner's Web Bot Auth key with the origin serving its directory (PUBLIC_BASE_URL). Without a key
 * the scan still runs, signing nothing, and its web_bot_auth check is not assessed.
 */
async function requestSigner(deps: Pick<Dependencies, 'config' | 'logger' | 'webBotAuthKey'>): Promise<RequestSigner | undefined> {
  if (!deps.webBotAuthKey) return undefined;
  try {
    return { key: (await deps.webBotAuthKey()).signing, agentOrigin: deps.config.publicBaseUrl };
  } catch (error) {
    deps.logger.warn('No Web Bot Auth key: this scan signs nothing', { error: (error as Error).message });
    return undefined;
  }
}

/**
 * POST /api/scan: a free-tier scan whose result anyone with its id may read for 30 days. With a progress
 * id, its stages can be read while it runs (GET /api/scan-progress/{id}).
 */
export async function runPublicScan(
  url: string,
  deps: Pick<Dependencies, 'config' | 'table' | 'clock' | 'logger' | 'fetcher' | 'lookup' | 'markupCache' | 'webBotAuthKey'>,
  progressId: string | null = null,
): Promise<ScanResult> {
  const progress = progressReporter(progressId, deps);
  try {
    const result = await runScan(url, 'free', deps, deps.config.resultRetentionDays * 86_400_000, progress.onStage);
    await putScan(deps.table, result);
    return result;
  } finally {
    await progress.settle();
  }
}

/**
 * POST /api/v1/scan: counts against the daily allowance, scans with the caller's tier page budget, keeps
 * the result for the account (owned results do not expire) and raises scan_complete. With a progress id
 * (the dashboard's), its stages can be read while it runs, as a public scan's are.
 */
export async function runAccountScan(
  url: string,
  caller: Caller,
  deps: Pick<Dependencies, 'config' | 'table' | 'clock' | 'logger' | 'queue' | 'fetcher' | 'lookup' | 'markupCache' | 'webBotAuthKey'>,
  progressId: string | null = null,
): Promise<ScanResult> {
  const started = deps.clock.now();
  await checkScanTarget(url, deps);
  const account = await countScan(caller.accountId, deps);
  const progress = progressReporter(progressId, deps);
  try {
    const result = await scanCheckedTarget(url, account.tier, deps, null, started, progress.onStage).catch(async (error: unknown) => {
      if (isTargetFailure(error)) await refundScan(account, deps);
      throw error;
    });
    await putOwnedScan(deps.table, result, caller.accountId);
    await emitEvent('scan_complete', caller.accountId, scanCompleteData(result), deps);
    return result;
  } finally {
    await progress.settle();
  }
}
