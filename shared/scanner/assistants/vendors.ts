import type { AssistantId } from '#shared/model/scans/scan-result.js';

/** What a vendor documents about its agents in one role (docs/standards.md has the copy read and the date). */
export interface RoleDocumentation {
  /** Whether the vendor says these agents follow robots.txt. */
  obeys: 'follows' | 'may_ignore';
  /** The vendor's statement, in brief. */
  says: string;
  source: string;
}

/**
 * The assistants the report judges (docs/rubric.md, "Assistants"; each vendor's source in docs/standards.md).
 * Which robots.txt tokens serve each one is not repeated here: the find step reads it from `KNOWN_AGENTS`
 * (shared/scanner/parse/robots-agents.ts, each agent's `assistant` and `role`), so Copilot follows Bingbot
 * because Bingbot serves Copilot there.
 */
export interface AssistantVendor {
  id: AssistantId;
  name: string;
  /** The company that documents its agents ("OpenAI says ..."). */
  company: string;
  /**
   * It sees what JavaScript adds to a page. Only Google documents this (Google Search renders pages with an
   * evergreen Chromium); the AI fetchers of the others read the raw HTML.
   */
  rendersJavaScript: boolean;
  /** Its agent signs requests with Web Bot Auth (RFC 9421), so an edge that refuses signed agents shuts it out. */
  signsRequests: boolean;
  /** Its own checkout protocol; null when it buys through the shop's own pages, as a browser agent does. */
  nativeCheckout: 'acp' | 'ucp' | null;
  /** How it buys, in a shop owner's words. */
  checkoutName: string;
  /** Its search (index) agents and its user-initiated agents, as the vendor documents them; null: none documented. */
  roles: { search: RoleDocumentation; user: RoleDocumentation | null };
}

const openAiBots = 'https://developers.openai.com/api/docs/bots';
const anthropicBots = 'https://privacy.claude.com/zh-TW/articles/8896518';
const perplexityCrawlers = 'https://docs.perplexity.ai/docs/resources/perplexity-crawlers.md';
const amazonBots = 'https://developer.amazon.com/amazonbot';
const metaCrawlers = 'https://developers.facebook.com/docs/sharing/webmasters/web-crawlers/';
const mistralBots = 'https://docs.mistral.ai/en/robots';

export const ASSISTANT_VENDORS: readonly AssistantVendor[] = [
  {
    id: 'chatgpt',
    name: 'ChatGPT',
    company: 'OpenAI',
    rendersJavaScript: false,
    signsRequests: true,
    nativeCheckout: 'acp',
    checkoutName: 'Instant Checkout (Agentic Commerce Protocol)',
    roles: {
      search: {
        obeys: 'follows',
        says: 'OAI-SearchBot finds pages for ChatGPT search; a site that disallows it is not shown in ChatGPT search answers',
        source: openAiBots,
      },
      user: {
        obeys: 'may_ignore',
        says: 'ChatGPT-User visits a page when a person asks ChatGPT; OpenAI says robots.txt rules may not apply to these user-initiated visits',
        source: openAiBots,
      },
    },
  },
  {
    id: 'google',
    name: 'Google',
    company: 'Google',
    rendersJavaScript: true,
    signsRequests: false,
    nativeCheckout: 'ucp',
    checkoutName: 'Google checkout in AI Mode and Gemini (Universal Commerce Protocol)',
    roles: {
      search: {
        obeys: 'follows',
        says: "Googlebot builds Google's search index; Google's common crawlers always respect robots.txt for automatic crawls",
        source: 'https://developers.google.com/crawling/docs/crawlers-fetchers/google-common-crawlers',
      },
      user: {
        obeys: 'may_ignore',
        says: "Google-Agent acts on a person's request (agents on Google's infrastructure); Google says its user-triggered fetchers generally ignore robots.txt",
        source: 'https://developers.google.com/crawling/docs/crawlers-fetchers/google-user-triggered-fetchers',
      },
    },
  },
  {
    id: 'perplexity',
    name: 'Perplexity',
    company: 'Perplexity',
    rendersJavaScript: false,
    signsRequests: false,
    nativeCheckout: null,
    checkoutName: "the Comet browser agent on the shop's own checkout",
    roles: {
      search: {
        obeys: 'follows',
        says: 'PerplexityBot surfaces and links sites in Perplexity search and follows robots.txt',
        source: perplexityCrawlers,
      },
      user: {
        obeys: 'may_ignore',
        says: 'Perplexity-User fetches a page when a person asks; Perplexity says that because a person requested the fetch, it generally ignores robots.txt',
        source: perplexityCrawlers,
      },
    },
  },
  {
    id: 'claude',
    name: 'Claude',
    company: 'Anthropic',
    rendersJavaScript: false,
    signsRequests: false,
    nativeCheckout: null,
    checkoutName: "Claude's browser agent on the shop's own checkout",
    roles: {
      search: {
        obeys: 'follows',
        says: "Claude-SearchBot indexes pages for Claude's search results and honours robots.txt",
        source: anthropicBots,
      },
      user: {
        obeys: 'follows',
        says: 'Claude-User fetches a page when a person asks Claude; Anthropic says it honours robots.txt, so disallowing it stops those fetches',
        source: anthropicBots,
      },
    },
  },
  {
    id: 'copilot',
    name: 'Microsoft Copilot',
    company: 'Microsoft',
    rendersJavaScript: false,
    signsRequests: false,
    nativeCheckout: null,
    checkoutName: "Copilot's browser agent on the shop's own checkout",
    roles: {
      search: {
        obeys: 'follows',
        says: "Bingbot builds Bing's index, which Copilot answers from, and follows robots.txt",
        source: 'https://www.bing.com/webmaster/help/which-crawlers-does-bing-use-8c184ec0',
      },
      user: null,
    },
  },
  {
    id: 'amazon',
    name: 'Amazon',
    company: 'Amazon',
    rendersJavaScript: false,
    signsRequests: false,
    nativeCheckout: null,
    checkoutName: "Buy for Me (Rufus, Alexa+) on the shop's own checkout",
    roles: {
      search: {
        obeys: 'follows',
        says: 'Amzn-SearchBot indexes pages for Alexa and Rufus; Amazon says it respects the Robots Exclusion Protocol',
        source: amazonBots,
      },
      user: {
        obeys: 'follows',
        says: 'Amzn-User fetches live information when a person asks Alexa; Amazon says it respects the Robots Exclusion Protocol',
        source: amazonBots,
      },
    },
  },
  {
    id: 'apple',
    name: 'Apple',
    company: 'Apple',
    rendersJavaScript: false,
    signsRequests: false,
    nativeCheckout: null,
    checkoutName: "a browser agent (Siri, Safari) on the shop's own checkout",
    roles: {
      search: {
        obeys: 'follows',
        says: 'Applebot indexes pages for Siri and Spotlight and follows robots.txt, and the Googlebot group when no group names Applebot',
        source: 'https://support.apple.com/en-us/119829',
      },
      user: null,
    },
  },
  {
    id: 'meta',
    name: 'Meta AI',
    company: 'Meta',
    rendersJavaScript: false,
    signsRequests: false,
    nativeCheckout: null,
    checkoutName: "a browser agent on the shop's own checkout",
    roles: {
      search: {
        obeys: 'follows',
        says: "Meta-WebIndexer crawls to improve Meta AI's search results and is controlled by robots.txt",
        source: metaCrawlers,
      },
      user: {
        obeys: 'may_ignore',
        says: 'Meta-ExternalFetcher fetches a page a person asks Meta AI about; Meta says these user-initiated fetches may bypass robots.txt',
        source: metaCrawlers,
      },
    },
  },
  {
    id: 'mistral',
    name: 'Mistral Le Chat',
    company: 'Mistral AI',
    rendersJavaScript: false,
    signsRequests: false,
    nativeCheckout: null,
    checkoutName: "a browser agent on the shop's own checkout",
    roles: {
      search: {
        obeys: 'follows',
        says: 'MistralAI-Index indexes pages for Mistral search, which Le Chat answers from',
        source: mistralBots,
      },
      user: {
        obeys: 'follows',
        says: 'MistralAI-User fetches a page when a person asks Le Chat; Mistral says it governs which sites these user requests can reach',
        source: mistralBots,
      },
    },
  },
];
