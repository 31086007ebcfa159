import { parseArgs } from 'node:util';
import { tiers, type Tier } from '#shared/model/tiers.js';

/** What a local scan reads unless told otherwise, through `scan` and through the stdio MCP server alike. */
export const DEFAULT_LOCAL_TIER = 'growth' satisfies Tier;

export const reportFormats = ['text', 'json', 'markdown'] as const;
/** text: the human report; json: one ScanResult per line; markdown: a report fit for a pull-request comment. */
export type ReportFormat = (typeof reportFormats)[number];

export interface ScanArgs {
  urls: string[];
  tier: Tier;
  format: ReportFormat;
  failUnder: number | null;
  /** --help or -h: print the help and scan nothing. */
  help: boolean;
}

/** The usage line for the command as it was called (bin/cli/invocation.ts). */
export function usage(command: string): string {
  return `Usage: ${command} <url> [<url> ...] [--tier free|pro|growth] [--format text|json|markdown] [--fail-under N]`;
}

export function helpText(command: string): string {
  return `${usage(command)}

Scans each URL for AI agent readiness and prints a report per URL.

Options:
  --tier free|pro|growth  how much to fetch: free reads the homepage, pro 1 product page, growth 4 (default ${DEFAULT_LOCAL_TIER})
  --format text|json|markdown
                          text: the report (default); json: one JSON ScanResult per line; markdown: a
                          report fit for a pull-request comment
  --json                  the same as --format json
  --fail-under N          exit 1 when a score is below N (1 to 100), for CI
  -h, --help              this help

With AGENT_READINESS_API_URL and AGENT_READINESS_API_KEY set, the service at that address scans with the
plan of the key's account (--tier does not apply) and keeps the result; the markdown report links to it.

\`mcp\` as the first argument serves the scanner's MCP tools over stdio instead (\`mcp --help\` for more).

In GitHub Actions (GITHUB_STEP_SUMMARY set), the markdown report is also added to the job's summary, and
(GITHUB_OUTPUT set) the step's outputs score and band are those of the lowest-scoring URL.

Exit codes (the largest over all URLs):
  0  every URL scanned (and scored at least --fail-under)
  1  a score below --fail-under
  2  a URL that is invalid or not allowed (loopback and private hosts need ALLOW_PRIVATE_TARGETS)
  3  a site that could not be reached
  4  a scan that timed out
  5  the service refused the scan (key, scope, allowance or rate limit) or did not answer`;
}

/** Parses the CLI's arguments; throws an Error with a readable message for anything wrong. */
export function parseScanArgs(argv: string[]): ScanArgs {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      tier: { type: 'string', default: DEFAULT_LOCAL_TIER },
      json: { type: 'boolean', default: false },
      format: { type: 'string' },
      'fail-under': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help)
    return { urls: positionals, tier: DEFAULT_LOCAL_TIER, format: values.json ? 'json' : 'text', failUnder: null, help: true };
  const format = values.format ?? (values.json ? 'json' : 'text');
  if (!(reportFormats as readonly string[]).includes(format))
    throw new Error(`--format must be one of ${reportFormats.join(', ')}, not ${JSON.stringify(format)}`);
  if (values.json && format !== 'json') throw new Error(`--json means --format json; it cannot go with --format ${format}`);
  if (positionals.length === 0) throw new Error('Give at least one URL to scan');
  const tier = values.tier as Tier;
  if (!tiers.includes(tier)) throw new Error(`--tier must be one of ${tiers.join(', ')}`);
  const rawThreshold = values['fail-under'];
  let failUnder: number | null = null;
  if (rawThreshold !== undefined) {
    failUnder = Number(rawThreshold);
    if (!Number.isInteger(failUnder) || failUnder < 1 || failUnder > 100)
      throw new Error('--fail-under must be a whole number from 1 to 100');
  }
  return { urls: positionals, tier, format: format as ReportFormat, failUnder, help: false };
}
