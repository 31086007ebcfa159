import type { AssistantId } from '#shared/model/scans/scan-result.js';

/**
 * The assistants the report judges (docs/rubric.md, "Assistants"; each vendor's source in docs/standards.md).
 * Which robots.txt tokens serve each one is not repeated here: the find step reads it from `KNOWN_AGENTS`
 * (shared/scanner/parse/robots-agents.ts, each agent's `assistant` and `role`), so Copilot follows Bingbot
 * because Bingbot serves Copilot there.
 */
export interface AssistantVendor {
  id: AssistantId;
  name: string;
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
}

export const ASSISTANT_VENDORS: readonly AssistantVendor[] = [
  {
    id: 'chatgpt',
    name: 'ChatGPT',
    rendersJavaScript: false,
    signsRequests: true,
    nativeCheckout: 'acp',
    checkoutName: 'Instant Checkout (Agentic Commerce Protocol)',
  },
  {
    id: 'google',
    name: 'Google',
    rendersJavaScript: true,
    signsRequests: false,
    nativeCheckout: 'ucp',
    checkoutName: 'Google checkout in AI Mode and Gemini (Universal Commerce Protocol)',
  },
  {
    id: 'perplexity',
    name: 'Perplexity',
    rendersJavaScript: false,
    signsRequests: false,
    nativeCheckout: null,
    checkoutName: "the Comet browser agent on the shop's own checkout",
  },
  {
    id: 'claude',
    name: 'Claude',
    rendersJavaScript: false,
    signsRequests: false,
    nativeCheckout: null,
    checkoutName: "Claude's browser agent on the shop's own checkout",
  },
  {
    id: 'copilot',
    name: 'Microsoft Copilot',
    rendersJavaScript: false,
    signsRequests: false,
    nativeCheckout: null,
    checkoutName: "Copilot's browser agent on the shop's own checkout",
  },
  {
    id: 'amazon',
    name: 'Amazon',
    rendersJavaScript: false,
    signsRequests: false,
    nativeCheckout: null,
    checkoutName: "Buy for Me (Rufus, Alexa+) on the shop's own checkout",
  },
  {
    id: 'apple',
    name: 'Apple',
    rendersJavaScript: false,
    signsRequests: false,
    nativeCheckout: null,
    checkoutName: "a browser agent (Siri, Safari) on the shop's own checkout",
  },
  {
    id: 'meta',
    name: 'Meta AI',
    rendersJavaScript: false,
    signsRequests: false,
    nativeCheckout: null,
    checkoutName: "a browser agent on the shop's own checkout",
  },
  {
    id: 'mistral',
    name: 'Mistral Le Chat',
    rendersJavaScript: false,
    signsRequests: false,
    nativeCheckout: null,
    checkoutName: "a browser agent on the shop's own checkout",
  },
];
