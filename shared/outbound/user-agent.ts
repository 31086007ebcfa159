// Honest identification: every request names the scanner and links to its home. The edge probe (decision 105)
// puts an AI vendor's documented User-Agent string before it, so a shop's edge can be asked what it does to that
// string; the scanner's own token always follows, and the vendor's string is never sent alone.
export const SCANNER_USER_AGENT = 'AgentReadinessScanner/1.0 (+https://github.com/agent-readiness/scanner)';

/** The product token robots.txt groups are matched against for the scanner itself. */
export const SCANNER_ROBOTS_TOKEN = 'AgentReadinessScanner';

/** The User-Agent of a request sent with a vendor's string (the edge probe): that string, then the scanner's own. */
export function withScannerToken(agentUserAgent: string, scannerUserAgent: string = SCANNER_USER_AGENT): string {
  return `${agentUserAgent} ${scannerUserAgent}`;
}
