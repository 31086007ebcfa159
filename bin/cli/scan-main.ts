import { allowedPrivateHosts, loadConfig } from '#shared/config.js';
import { productPageBudget } from '#shared/model/plans.js';
import { scanUrl } from '#shared/scanner/engine.js';
import { createFetcher } from '#shared/outbound/fetcher.js';
import { keysFromSecret } from '#shared/outbound/web-bot-auth/index.js';
import { ScanError, type ScanFailure } from '#shared/scanner/scan-errors.js';
import type { ScanResult } from '#shared/model/scans/scan-result.js';
import { formatReport } from '#bin/cli/format-report.js';
import { formatMarkdown, scanFailedMarkdown } from '#bin/cli/format-markdown.js';
import { appendStepSummary } from '#bin/cli/step-summary.js';
import { appendOutputs } from '#bin/cli/action-outputs.js';
import { inertJson, oneLine, toStderr, toStdout, withoutWorkflowCommands } from '#bin/cli/inert-output.js';
import { helpText, parseScanArgs, usage, type ScanArgs } from '#bin/cli/scan-args.js';
import { invokedAs } from '#bin/cli/invocation.js';
import { privateTargetHint, resolvedPrivateHint } from '#bin/cli/private-target.js';
import { scanThroughService, serviceEndpoint, serviceReportUrl, ServiceScanError, type ServiceEndpoint } from '#bin/cli/service-scan.js';

/**
 * Exit codes of docs/design.md, so the CLI can gate a shop's CI pipeline; 5 is a service that refused the
 * scan (docs/decisions/080-cli-scans-through-the-service.md). The largest code of all URLs wins.
 */
const exitCodes = {
  ok: 0,
  underThreshold: 1,
  invalid_url: 2,
  blocked: 2,
  unreachable: 3,
  timeout: 4,
  refused: 5,
} as const satisfies Record<string, number> & Record<ScanFailure, number>;

/** Scans one URL here or through the service; a failure is thrown as ScanFailed with its exit code. */
interface Scanner {
  scan(url: string): Promise<{ result: ScanResult; reportUrl: string | null }>;
  close(): Promise<void>;
}

class ScanFailed extends Error {
  constructor(
    readonly exitCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** The public scanner's rules on this machine. */
function localScanner(args: ScanArgs): Scanner {
  const config = loadConfig();
  const allowPrivateHosts = allowedPrivateHosts(config);
  if (allowPrivateHosts.length > 0) toStderr(`Warning: ALLOW_PRIVATE_TARGETS lets scans reach ${allowPrivateHosts.join(', ')}`);
  const fetcher = createFetcher({ allowPrivateHosts });
  // Signs as the service at PUBLIC_BASE_URL does when given its WEB_BOT_AUTH_KEY; without one, web_bot_auth is not assessed.
  const webBotAuth =
    config.webBotAuthKey === '' ? undefined : { key: keysFromSecret(config.webBotAuthKey).signing, agentOrigin: config.publicBaseUrl };
  return {
    async scan(url) {
      toStderr(`Scanning ${oneLine(url)} (${args.tier} tier)...`);
      try {
        const started = Date.now();
        const { result } = await scanUrl(url, {
          tier: args.tier,
          productPageBudget: productPageBudget(args.tier, config),
          fetcher,
          policy: { allowPrivateHosts },
          deadline: started + config.scanTimeoutSeconds * 1000,
          webBotAuth,
        });
        return { result, reportUrl: null };
      } catch (error) {
        if (!(error instanceof ScanError)) throw error;
        const hint =
          error.failure === 'invalid_url'
            ? await privateTargetHint(url, { allowPrivateHosts })
            : error.failure === 'blocked'
              ? await resolvedPrivateHint(url)
              : null;
        throw new ScanFailed(exitCodes[error.failure], hint ?? error.message);
      }
    },
    close: () => fetcher.close(),
  };
}

/** POST /api/v1/scan with the key: the service's plan, allowance and limits apply, and it keeps the result. */
function serviceScanner(endpoint: ServiceEndpoint): Scanner {
  return {
    async scan(url) {
      toStderr(`Scanning ${oneLine(url)} through ${endpoint.baseUrl}...`);
      try {
        const result = await scanThroughService(endpoint, url);
        return { result, reportUrl: serviceReportUrl(endpoint, result.id) };
      } catch (error) {
        if (!(error instanceof ServiceScanError)) throw error;
        throw new ScanFailed(exitCodes[error.failure], error.message);
      }
    },
    close: async () => {},
  };
}

/** The report of one scan in the format asked for, for stdout. */
function render(result: ScanResult, args: ScanArgs, markdown: string): string {
  if (args.format === 'json') return inertJson(result);
  return args.format === 'markdown' ? `${markdown}\n` : `${formatReport(result)}\n`;
}

/**
 * In GitHub Actions: every report (whatever --format says) goes to the job summary, and the step outputs
 * `score` and `band` are the lowest-scoring URL's (docs/decisions/078-cli-markdown-report-and-job-summary.md).
 * A file that cannot be written costs a warning, never the result or the exit code.
 */
async function toStepSummary(markdown: string): Promise<void> {
  const file = process.env.GITHUB_STEP_SUMMARY;
  if (!file) return;
  const problem = await appendStepSummary(file, markdown);
  if (problem !== null) toStderr(`Warning: ${problem}`);
}

async function toStepOutputs(lowest: ScanResult | null): Promise<void> {
  const file = process.env.GITHUB_OUTPUT;
  if (!file || lowest === null) return;
  const problem = await appendOutputs(file, { score: String(lowest.score), band: lowest.band });
  if (problem !== null) toStderr(`Warning: ${problem}`);
}

/** Scans each URL given, prints the reports, and returns the exit code (largest of all URLs). */
export async function main(argv: string[]): Promise<number> {
  let args: ScanArgs;
  let endpoint: ServiceEndpoint | null;
  try {
    args = parseScanArgs(argv);
    endpoint = serviceEndpoint(process.env);
  } catch (error) {
    toStderr(`${(error as Error).message}\n${usage(invokedAs())}`);
    return exitCodes.invalid_url;
  }
  if (args.help) {
    toStdout(helpText(invokedAs()));
    return exitCodes.ok;
  }
  const scanner = endpoint === null ? localScanner(args) : serviceScanner(endpoint);
  let exitCode: number = exitCodes.ok;
  let lowest: ScanResult | null = null;
  try {
    for (const url of args.urls) {
      try {
        const { result, reportUrl } = await scanner.scan(url);
        toStderr(`  scored ${result.score} in ${result.durationMs} ms`);
        // Guarded once: the same text goes to stdout and to the job summary (a file the runner does not parse, kept clean all the same).
        const markdown = withoutWorkflowCommands(formatMarkdown(result, { reportUrl }));
        toStdout(render(result, args, markdown));
        await toStepSummary(markdown);
        if (lowest === null || result.score < lowest.score) lowest = result;
        if (args.failUnder !== null && result.score < args.failUnder) {
          toStderr(`  score ${result.score} is below --fail-under ${args.failUnder}`);
          exitCode = Math.max(exitCode, exitCodes.underThreshold);
        }
      } catch (error) {
        if (!(error instanceof ScanFailed)) throw error;
        toStderr(`  ${oneLine(url)}: ${oneLine(error.message)}`);
        const failed = withoutWorkflowCommands(scanFailedMarkdown(url, error.message));
        if (args.format === 'json') toStdout(inertJson({ url, error: error.message }));
        if (args.format === 'markdown') toStdout(`${failed}\n`);
        await toStepSummary(failed);
        exitCode = Math.max(exitCode, error.exitCode);
      }
    }
  } finally {
    await scanner.close();
  }
  await toStepOutputs(lowest);
  return exitCode;
}
