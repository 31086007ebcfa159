import { allowedPrivateHosts, loadConfig } from '#shared/config.js';
import { allowanceFor } from '#shared/model/plans.js';
import { scanUrl } from '#shared/scanner/engine.js';
import { createFetcher } from '#shared/outbound/fetcher.js';
import { deriveSigningKey } from '#shared/outbound/web-bot-auth/index.js';
import { ScanError, type ScanFailure } from '#shared/scanner/scan-errors.js';
import { formatReport } from '#bin/cli/format-report.js';
import { helpText, parseScanArgs, usage, type ScanArgs } from '#bin/cli/scan-args.js';
import { invokedAs } from '#bin/cli/invocation.js';
import { privateTargetHint, resolvedPrivateHint } from '#bin/cli/private-target.js';

/** Exit codes of docs/design.md, so the CLI can gate a shop's CI pipeline. The largest code of all URLs wins. */
const exitCodes = { ok: 0, underThreshold: 1, invalid_url: 2, blocked: 2, unreachable: 3, timeout: 4 } as const satisfies Record<
  string,
  number
> &
  Record<ScanFailure, number>;

/** Scans each URL given, prints the reports, and returns the exit code (largest of all URLs). */
export async function main(argv: string[]): Promise<number> {
  let args: ScanArgs;
  try {
    args = parseScanArgs(argv);
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage(invokedAs())}`);
    return exitCodes.invalid_url;
  }
  if (args.help) {
    console.log(helpText(invokedAs()));
    return exitCodes.ok;
  }
  const config = loadConfig();
  const allowPrivateHosts = allowedPrivateHosts(config);
  if (allowPrivateHosts.length > 0) console.error(`Warning: ALLOW_PRIVATE_TARGETS lets scans reach ${allowPrivateHosts.join(', ')}`);
  const fetcher = createFetcher({ allowPrivateHosts });
  // Signs as the service at PUBLIC_BASE_URL does when given its KEY_PEPPER; without one, web_bot_auth is not assessed.
  const webBotAuth = config.keyPepper === '' ? undefined : { key: deriveSigningKey(config.keyPepper), agentOrigin: config.publicBaseUrl };
  let exitCode: number = exitCodes.ok;
  try {
    for (const url of args.urls) {
      console.error(`Scanning ${url} (${args.tier} tier)...`);
      try {
        const started = Date.now();
        const { result } = await scanUrl(url, {
          tier: args.tier,
          productPageBudget: Math.max(0, allowanceFor(args.tier, config).pagesPerScan - 1),
          fetcher,
          policy: { allowPrivateHosts },
          deadline: started + config.scanTimeoutSeconds * 1000,
          webBotAuth,
        });
        console.error(`  scored ${result.score} in ${result.durationMs} ms`);
        console.log(args.json ? JSON.stringify(result) : `${formatReport(result)}\n`);
        if (args.failUnder !== null && result.score < args.failUnder) {
          console.error(`  score ${result.score} is below --fail-under ${args.failUnder}`);
          exitCode = Math.max(exitCode, exitCodes.underThreshold);
        }
      } catch (error) {
        if (!(error instanceof ScanError)) throw error;
        const hint =
          error.failure === 'invalid_url'
            ? privateTargetHint(url, { allowPrivateHosts })
            : error.failure === 'blocked'
              ? resolvedPrivateHint(url)
              : null;
        console.error(`  ${url}: ${hint ?? error.message}`);
        if (args.json) console.log(JSON.stringify({ url, error: hint ?? error.message }));
        exitCode = Math.max(exitCode, exitCodes[error.failure]);
      }
    }
  } finally {
    await fetcher.close();
  }
  return exitCode;
}
