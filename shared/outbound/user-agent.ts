// Honest identification: the scanner names itself and links to its home; it never borrows the
// User-Agent of an AI vendor's crawler.
export const SCANNER_USER_AGENT = 'AgentReadinessScanner/1.0 (+https://github.com/agent-readiness/scanner)';

/** The product token robots.txt groups are matched against for the scanner itself. */
export const SCANNER_ROBOTS_TOKEN = 'AgentReadinessScanner';
