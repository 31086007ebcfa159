import type { AssistantId } from '#shared/model/scans/scan-result.js';

/** The User-Agent one assistant family is probed with: its vendor's documented string, and where it is documented. */
export interface ProbeAgent {
  assistant: AssistantId;
  /** The product token the string carries (what a CDN or WAF rule matches on). */
  token: string;
  /** The full User-Agent string as the vendor documents it; the scanner's own token is appended when sent. */
  userAgent: string;
  /** The vendor page that documents the agent (docs/standards.md says what was read and when). */
  source: string;
  /**
   * A search-engine crawler whose User-Agent edges commonly let through, and so commonly check against the
   * addresses its vendor publishes ("fake bot" rules): a refusal of our probe may be that check, not a rule that
   * keeps the real crawler out.
   */
  verifiedByAddress?: true;
}

/**
 * One agent per assistant: the vendor's user-initiated agent where it documents one (what reaches the shop when a
 * person asks the assistant about a page), else its search agent. Where a vendor documents a `Chrome/W.X.Y.Z`
 * placeholder (Google-Agent, bingbot) a concrete Chrome version stands in for it: the reduced form Chrome itself
 * sends (major version, then zeros) of the stable release current when the strings were read.
 */
export const PROBE_AGENTS: readonly ProbeAgent[] = [
  {
    assistant: 'chatgpt',
    token: 'ChatGPT-User',
    userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
    source: 'https://developers.openai.com/api/docs/bots',
  },
  {
    assistant: 'google',
    token: 'Google-Agent',
    userAgent:
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Google-Agent; +https://developers.google.com/crawling/docs/crawlers-fetchers/google-agent) Chrome/144.0.0.0 Safari/537.36',
    source: 'https://developers.google.com/crawling/docs/crawlers-fetchers/google-user-triggered-fetchers',
  },
  {
    assistant: 'perplexity',
    token: 'Perplexity-User',
    userAgent:
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)',
    source: 'https://docs.perplexity.ai/docs/resources/perplexity-crawlers',
  },
  {
    assistant: 'claude',
    token: 'Claude-User',
    userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)',
    source: 'https://privacy.claude.com/en/articles/8896518',
  },
  {
    assistant: 'copilot',
    token: 'bingbot',
    userAgent:
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/144.0.0.0 Safari/537.36',
    source: 'https://www.bing.com/webmaster/help/which-crawlers-does-bing-use-8c184ec0',
    verifiedByAddress: true,
  },
  {
    assistant: 'amazon',
    token: 'Amzn-User',
    userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; AMZN-User/0.1) Chrome/119.0.6045.214 Safari/537.36',
    source: 'https://developer.amazon.com/de/support/amazonbot',
  },
  {
    assistant: 'apple',
    token: 'Applebot',
    userAgent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
    source: 'https://support.apple.com/en-us/119829',
    verifiedByAddress: true,
  },
  {
    assistant: 'meta',
    token: 'Meta-ExternalFetcher',
    userAgent: 'meta-externalfetcher/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)',
    source: 'https://developers.facebook.com/docs/sharing/webmasters/web-crawlers/',
  },
  {
    assistant: 'mistral',
    token: 'MistralAI-User',
    userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; MistralAI-User/1.0; +https://docs.mistral.ai/robots)',
    source: 'https://docs.mistral.ai/en/robots',
  },
];
