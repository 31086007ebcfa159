export type ResourceKind = 'html' | 'robots' | 'sitemap' | 'small' | 'api';

export interface ResourceLimit {
  /** Cap on decompressed bytes. */
  maxBytes: number;
  /** What passing the cap means: keep the first maxBytes and flag `truncated`, or fail. */
  onOverflow: 'truncate' | 'error';
  accept: string;
}

const KIB = 1024;
const MIB = 1024 * KIB;

// Why truncate or fail:
// - html: what agents read (head, JSON-LD, the start of the content) comes first, and agents
//   themselves stop reading huge pages, so the first 2 MiB are a fair view; the report says it was cut.
// - robots: RFC 9309 lets crawlers ignore everything past their limit (at least 500 KiB), and
//   Google does the same, so a cut robots.txt is read the way real crawlers read it.
// - sitemap: discovery needs a bounded sample of URLs, and the first 10 MiB hold plenty of them.
// - small: well-known files, llms.txt, security.txt and JSON manifests are small by nature; a
//   fragment of one would be judged as if it were the whole file, so an oversized one fails.
// - api: a declared endpoint's answer to a drive (a JSON-RPC message, or an SSE stream of them); a cut
//   message cannot be parsed, so an oversized one fails. A large MCP server's tools/list runs to hundreds of KiB.
export const RESOURCE_LIMITS: Readonly<Record<ResourceKind, ResourceLimit>> = {
  html: {
    maxBytes: 2 * MIB,
    onOverflow: 'truncate',
    accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8',
  },
  robots: { maxBytes: 500 * KIB, onOverflow: 'truncate', accept: 'text/plain,*/*;q=0.8' },
  sitemap: {
    maxBytes: 10 * MIB,
    onOverflow: 'truncate',
    accept: 'application/xml,text/xml;q=0.9,*/*;q=0.8',
  },
  small: { maxBytes: 256 * KIB, onOverflow: 'error', accept: '*/*' },
  api: { maxBytes: 2 * MIB, onOverflow: 'error', accept: 'application/json' },
};
