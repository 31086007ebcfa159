import type { AssistantAccess, AssistantRecord, ScanResult, SignalRecord } from '#shared/model/scans/scan-result.js';

/**
 * Hand-made inventory and assistants' verdicts as a scan of `origin` would give them, for the pages and
 * the CLI that show them: every verdict, every step status and every document status appears. `firstFix`
 * names the first recommendation of `result` (or a check without one), so links to fixes can be tested.
 */
export function signalsOf(origin: string): SignalRecord[] {
  return [
    { id: 'robots_txt', url: `${origin}/robots.txt`, status: 'valid', problems: [] },
    { id: 'sitemap', url: `${origin}/sitemap.xml`, status: 'valid', problems: [] },
    { id: 'llms_txt', url: `${origin}/llms.txt`, status: 'missing', problems: [] },
    { id: 'markdown', url: `${origin}/index.md`, status: 'not_checked', problems: [] },
    {
      id: 'ucp',
      url: `${origin}/.well-known/ucp`,
      status: 'invalid',
      version: '2026-01-23',
      problems: ['version 2026-01-23 is older than the current 2026-04-08', 'signing_keys is missing'],
    },
    { id: 'acp', url: `${origin}/.well-known/acp.json`, status: 'missing', problems: [] },
    { id: 'mcp_server_card', url: `${origin}/.well-known/mcp/server-card.json`, status: 'missing', problems: [] },
    { id: 'a2a_agent_card', url: `${origin}/.well-known/agent-card.json`, status: 'missing', problems: [] },
    {
      id: 'ai_catalog',
      url: `${origin}/.well-known/ai-catalog.json`,
      status: 'invalid',
      problems: ['served as text/html: an HTML page, not JSON'],
    },
    { id: 'api_catalog', url: `${origin}/.well-known/api-catalog`, status: 'valid', version: 'RFC 9727', problems: [] },
    { id: 'oauth_authorization_server', url: `${origin}/.well-known/oauth-authorization-server`, status: 'missing', problems: [] },
    { id: 'security_txt', url: `${origin}/.well-known/security.txt`, status: 'valid', problems: [] },
    { id: 'web_bot_auth', url: `${origin}/`, status: 'not_checked', problems: [] },
  ];
}

export function assistantsOf(result: Pick<ScanResult, 'recommendations' | 'checks'>): AssistantRecord[] {
  const fix = result.recommendations[0]?.checkId ?? null;
  const unfixed = result.checks.find((check) => !result.recommendations.some((r) => r.checkId === check.id))?.id ?? fix;
  const pass = (step: 'find' | 'read' | 'trust' | 'buy', checks: string[], reason: string) =>
    ({ step, status: 'pass', checks, reason }) as const;
  const find = pass('find', ['robots_ai_agents', 'bot_wall'], 'Its search and user agents may fetch every page.');
  const read = pass('read', ['offer_core'], 'Product names, prices and availability are in the markup.');
  const trust = pass('trust', ['return_policy'], 'Return and shipping policies are stated.');
  const open = (agents: { search: string[]; user: string[] }): AssistantAccess[] => [
    {
      role: 'search',
      agents: agents.search,
      robots: 'allowed',
      obeysRobots: 'follows',
      vendorSays: 'Follows robots.txt.',
      source: 'https://vendor.example/bots',
      summary: `robots.txt lets ${agents.search.join(' and ')} in.`,
    },
    agents.user.length > 0
      ? {
          role: 'user',
          agents: agents.user,
          robots: 'allowed',
          obeysRobots: 'may_ignore',
          vendorSays: 'Fetches when a person asks; robots.txt rules may not apply.',
          source: 'https://vendor.example/bots',
          summary: `robots.txt lets ${agents.user.join(' and ')} in.`,
        }
      : {
          role: 'user',
          agents: [],
          robots: 'no_agent',
          obeysRobots: 'no_agent',
          vendorSays: 'No user-initiated agent is documented.',
          source: null,
          summary: 'No user-initiated agent is documented.',
        },
  ];
  return [
    {
      id: 'chatgpt',
      name: 'ChatGPT',
      verdict: 'can_trust',
      steps: [
        find,
        read,
        trust,
        { step: 'buy', status: 'fail', checks: ['acp_ready'], reason: 'No ACP product feed or checkout is published.' },
      ],
      access: open({ search: ['OAI-SearchBot'], user: ['ChatGPT-User'] }),
      firstFix: fix,
    },
    {
      id: 'google',
      name: 'Google',
      verdict: 'can_buy',
      steps: [find, read, trust, pass('buy', ['ucp_profile'], 'The UCP profile offers checkout.')],
      access: open({ search: ['Googlebot'], user: ['Google-Agent'] }),
      firstFix: null,
    },
    {
      id: 'perplexity',
      name: 'Perplexity',
      verdict: 'blocked',
      steps: [
        {
          step: 'find',
          status: 'fail',
          checks: ['robots_ai_agents'],
          reason: 'robots.txt disallows PerplexityBot and Perplexity-User on /.',
        },
        { step: 'read', status: 'not_assessed', checks: [], reason: 'Not reached.' },
        { step: 'trust', status: 'not_assessed', checks: [], reason: 'Not reached.' },
        { step: 'buy', status: 'not_assessed', checks: [], reason: 'Not reached.' },
      ],
      access: [
        {
          role: 'search',
          agents: ['PerplexityBot'],
          robots: 'blocked',
          obeysRobots: 'follows',
          vendorSays: 'Follows robots.txt.',
          source: 'https://docs.perplexity.ai/docs/resources/perplexity-crawlers.md',
          summary: 'robots.txt keeps PerplexityBot out of /: the shop is not in Perplexity search.',
        },
        {
          role: 'user',
          agents: ['Perplexity-User'],
          robots: 'blocked',
          obeysRobots: 'may_ignore',
          vendorSays: 'Fetches when a person asks and generally ignores robots.txt.',
          source: 'https://docs.perplexity.ai/docs/resources/perplexity-crawlers.md',
          edge: {
            token: 'Perplexity-User',
            userAgent: 'Mozilla/5.0 (compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user) AgentReadinessScanner/1.0',
            answer: 'refused',
            pages: [{ url: 'https://shop.example/', scanner: 'HTTP 200', agent: 'HTTP 403', answer: 'refused' }],
          },
          summary: 'The edge refused Perplexity-User (HTTP 403) where the scanner was served (HTTP 200).',
        },
      ],
      firstFix: fix,
    },
    {
      id: 'claude',
      name: 'Claude',
      verdict: 'can_find',
      steps: [find, { step: 'read', status: 'warn', checks: ['offer_core'], reason: 'Prices are only in the page text.' }, trust],
      access: open({ search: ['Claude-SearchBot'], user: ['Claude-User'] }),
      firstFix: unfixed,
    },
    {
      id: 'copilot',
      name: 'Copilot',
      verdict: 'can_read',
      steps: [find, read, { step: 'trust', status: 'fail', checks: ['return_policy'], reason: 'No return policy is linked.' }],
      access: open({ search: ['Bingbot'], user: [] }),
      firstFix: fix,
    },
    {
      id: 'amazon',
      name: 'Amazon Rufus',
      verdict: 'can_trust',
      steps: [find, read, trust, { step: 'buy', status: 'not_assessed', checks: [], reason: 'A free scan reads no product page.' }],
      access: open({ search: ['Amzn-SearchBot'], user: ['Amzn-User'] }),
      firstFix: null,
    },
  ];
}

/** A small pro-tier result of `origin` with two fixes and both parts filled in. */
export function sampleResult(origin = 'https://shop.example'): ScanResult {
  const base: ScanResult = {
    id: '7d1c2f4e-5b6a-4c3d-8e9f-0a1b2c3d4e5f',
    url: `${origin}/`,
    finalUrl: `${origin}/`,
    tier: 'pro',
    score: 58,
    band: 'needs_work',
    coverage: 0.95,
    caps: [],
    dimensions: [
      { id: 'product_data', name: 'Product data', weight: 25, score: 50, earned: 6, available: 12, checks: ['offer_core', 'identifiers'] },
    ],
    checks: [
      {
        id: 'offer_core',
        dimension: 'product_data',
        title: 'Name, image, price',
        status: 'fail',
        score: 0,
        points: 6,
        earned: 0,
        summary: 'No product has a price in its markup.',
        platformProvided: false,
        evidence: [],
      },
      {
        id: 'identifiers',
        dimension: 'product_data',
        title: 'Product identifiers',
        status: 'warn',
        score: 50,
        points: 6,
        earned: 3,
        summary: 'Half of the products have a GTIN.',
        platformProvided: false,
        evidence: [],
      },
    ],
    recommendations: [
      {
        checkId: 'offer_core',
        priority: 'critical',
        title: 'Put the price in the product markup',
        why: 'Agents read prices from markup.',
        fix: 'Add an Offer with price and priceCurrency.',
        snippet: null,
        estimatedGain: 6,
        effort: 'S',
      },
    ],
    products: [],
    pages: [{ url: `${origin}/`, kind: 'homepage', status: 200, timing: { ttfbMs: 30, totalMs: 80 }, bytes: 4096 }],
    signals: signalsOf(origin),
    assistants: [],
    platform: 'custom',
    createdAt: '2026-11-26T05:00:00.000Z',
    expiresAt: null,
    durationMs: 2100,
    scannerVersion: '1.0.0',
  };
  return { ...base, assistants: assistantsOf(base) };
}
