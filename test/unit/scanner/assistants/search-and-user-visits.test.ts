/**
 * Search and user-initiated visits reported apart for every assistant (issue 40, item 2): robots.txt decides
 * whether an assistant's search can list the shop; for user-initiated fetches it only decides where the vendor
 * says those agents follow robots.txt. robots.txt files written the way shops write them.
 */
import { describe, expect, it } from 'vitest';
import { agentRoles, assistantIds } from '#shared/model/scans/scan-result.js';
import type { AssistantRecord, EdgeProbe } from '#shared/model/scans/scan-result.js';
import { findStep } from '#shared/scanner/assistants/find-step.js';
import { roleAccess } from '#shared/scanner/assistants/role-access.js';
import { ASSISTANT_VENDORS } from '#shared/scanner/assistants/vendors.js';
import { homepage, productPage } from '#test/unit/scanner/checks/agent-access/fixtures.js';
import { buildArtifacts } from '#test/unit/scanner/checks/build-artifacts.js';
import { findStatuses, runAssistants, stepOf } from '#test/unit/scanner/assistants/run-assistants.js';

const product = { url: 'https://shop.example/products/walnut-desk', body: productPage };
const roleOf = (record: AssistantRecord, role: 'search' | 'user') => record.access.find((entry) => entry.role === role);

/** A shop that lets search crawlers in but turns away the fetchers that answer a person's question live. */
const NO_LIVE_FETCHERS = `# Live AI fetchers overloaded our origin during sales.
User-agent: ChatGPT-User
User-agent: Perplexity-User
User-agent: Claude-User
User-agent: Amzn-User
User-agent: MistralAI-User
User-agent: Meta-ExternalFetcher
User-agent: Google-Agent
Disallow: /

User-agent: *
Disallow: /cart
Disallow: /checkout
Allow: /

Sitemap: https://shop.example/sitemap.xml
`;

/** A shop that keeps AI search indexes out and says nothing about fetchers acting for a person. */
const NO_AI_SEARCH = `User-agent: OAI-SearchBot
User-agent: PerplexityBot
User-agent: Claude-SearchBot
User-agent: Amzn-SearchBot
User-agent: MistralAI-Index
User-agent: Meta-WebIndexer
Disallow: /

User-agent: *
Disallow: /account/
`;

describe('search and user-initiated visits, reported apart', () => {
  it('gives every assistant a search role and a user role, each with what its vendor documents and where', () => {
    const { assistants } = runAssistants({ homepage, robots: 'User-agent: *\nAllow: /\n', products: [product] });
    for (const record of assistants) {
      expect(record.access.map((entry) => entry.role)).toEqual([...agentRoles]);
      const search = roleOf(record, 'search');
      expect(search?.agents.length, record.id).toBeGreaterThan(0);
      expect(search?.obeysRobots).toBe('follows');
      expect(search?.source).toMatch(/^https:\/\//);
      expect(search?.robots).toBe('allowed');
    }
    const withoutUserAgent = assistants.filter((record) => roleOf(record, 'user')?.robots === 'no_agent').map((record) => record.id);
    expect(withoutUserAgent).toEqual(['copilot', 'apple']);
    for (const record of assistants.filter((entry) => !withoutUserAgent.includes(entry.id))) {
      expect(roleOf(record, 'user')?.source).toMatch(/^https:\/\//);
      expect(roleOf(record, 'user')?.vendorSays).toMatch(/robots\.txt|Robots Exclusion|governs/);
    }
  });

  it('states which vendors say their user-initiated fetchers may ignore robots.txt, and which follow it', () => {
    const { byId } = runAssistants({ homepage });
    const obedience = Object.fromEntries(assistantIds.map((id) => [id, roleOf(byId(id), 'user')?.obeysRobots]));
    expect(obedience).toEqual({
      chatgpt: 'may_ignore',
      google: 'may_ignore',
      perplexity: 'may_ignore',
      meta: 'may_ignore',
      claude: 'follows',
      amazon: 'follows',
      mistral: 'follows',
      copilot: 'no_agent',
      apple: 'no_agent',
    });
  });

  it('warns only where robots.txt controls the user-initiated fetcher it turns away', () => {
    const { assistants, byId } = runAssistants({ homepage, robots: NO_LIVE_FETCHERS, products: [product] });
    expect(findStatuses(assistants)).toEqual({
      chatgpt: 'pass',
      google: 'pass',
      perplexity: 'pass',
      meta: 'pass',
      copilot: 'pass',
      apple: 'pass',
      claude: 'warn',
      amazon: 'warn',
      mistral: 'warn',
    });
    expect(stepOf(byId('claude'), 'find').reason).toBe(
      'robots.txt keeps Claude-User out of /, so Claude cannot open the shop when a person asks',
    );
    expect(stepOf(byId('claude'), 'find').checks).toContain('robots_ai_agents');
    expect(stepOf(byId('chatgpt'), 'find').reason).toBe(
      'robots.txt lets OAI-SearchBot in on / and 1 sampled product page, and no bot wall turns agents away; robots.txt keeps ChatGPT-User out of /, but OpenAI says ChatGPT-User may ignore robots.txt when a person asks: robots.txt does not reliably control those visits',
    );
    for (const id of ['chatgpt', 'google', 'perplexity', 'meta', 'claude', 'amazon', 'mistral'] as const) {
      expect(roleOf(byId(id), 'user')?.robots, id).toBe('blocked');
      expect(roleOf(byId(id), 'search')?.robots, id).toBe('allowed');
    }
    // The first fix never asks to open robots.txt to a fetcher that robots.txt does not control.
    expect(byId('chatgpt').firstFix).not.toBe('robots_ai_agents');
  });

  it('keeps each assistant out of its own search when its search agent is kept out, its user fetcher still let in', () => {
    const { assistants, byId } = runAssistants({ homepage, robots: NO_AI_SEARCH, products: [product] });
    expect(findStatuses(assistants)).toEqual({
      chatgpt: 'fail',
      perplexity: 'fail',
      claude: 'fail',
      amazon: 'fail',
      mistral: 'fail',
      meta: 'fail',
      google: 'pass',
      copilot: 'pass',
      apple: 'pass',
    });
    expect(stepOf(byId('mistral'), 'find').reason).toBe(
      "robots.txt keeps MistralAI-Index out of /, so the shop is not in Mistral Le Chat's search; MistralAI-User still visits when a person asks",
    );
    expect(byId('perplexity').verdict).toBe('blocked');
    expect(byId('perplexity').firstFix).toBe('robots_ai_agents');
    expect(roleOf(byId('perplexity'), 'search')?.summary).toBe(
      "robots.txt keeps PerplexityBot out of /, so the shop is not in Perplexity's search.",
    );
    expect(roleOf(byId('perplexity'), 'user')?.summary).toBe('robots.txt lets Perplexity-User in on / and 1 sampled product page.');
  });

  it('fails find for an assistant whose User-Agent the edge refused, and says where the scanner was served', () => {
    const artifacts = buildArtifacts({ homepage, robots: 'User-agent: *\nAllow: /\n', tier: 'pro' });
    const chatgpt = ASSISTANT_VENDORS.find((vendor) => vendor.id === 'chatgpt');
    if (!chatgpt) throw new Error('no ChatGPT');
    const edge: EdgeProbe = {
      token: 'ChatGPT-User',
      userAgent:
        'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot AgentReadinessScanner/1.0',
      answer: 'refused',
      pages: [{ url: 'https://shop.example/', scanner: 'HTTP 200', agent: 'HTTP 403', answer: 'refused' }],
    };
    const roles = agentRoles.map((role) => roleAccess(chatgpt, role, artifacts, edge));
    expect(roles[0]?.access.edge).toBeUndefined();
    expect(roles[1]?.access.edge).toEqual(edge);
    expect(roles[1]?.access.summary).toBe(
      "robots.txt lets ChatGPT-User in on /; the edge refused a request carrying ChatGPT-User's User-Agent (HTTP 403 on https://shop.example/ where the scanner got HTTP 200).",
    );
    const byId = new Map([['edge_agent_access', { id: 'edge_agent_access', status: 'fail' as const, summary: 'refused' }]]);
    const find = findStep(chatgpt, artifacts, byId, roles, edge);
    expect(find.status).toBe('fail');
    expect(find.causes).toEqual(['edge_agent_access']);
    expect(find.checks).toContain('edge_agent_access');
    expect(find.reason).toBe(
      "The edge refused a request carrying ChatGPT-User's User-Agent (HTTP 403 on https://shop.example/ where the scanner got HTTP 200): ChatGPT is blocked at the edge by User-Agent",
    );

    const served = { ...edge, answer: 'served' as const, pages: [{ ...edge.pages[0]!, agent: 'HTTP 200', answer: 'served' as const }] };
    const open = agentRoles.map((role) => roleAccess(chatgpt, role, artifacts, served));
    expect(findStep(chatgpt, artifacts, byId, open, served).status).toBe('pass');
  });
});

describe('a homepage-only block', () => {
  it('does not call a shop unfindable when `Disallow: /$` keeps the search agent off the homepage alone', () => {
    const robots = 'User-agent: OAI-SearchBot\nDisallow: /$\n\nUser-agent: *\nAllow: /\n';
    const withProducts = runAssistants({ homepage, robots, products: [product] });
    expect(stepOf(withProducts.byId('chatgpt'), 'find').status).toBe('warn');
    expect(stepOf(withProducts.byId('chatgpt'), 'find').reason).toBe(
      "robots.txt keeps OAI-SearchBot off / but lets it fetch 1 sampled product page (/products/walnut-desk), so the homepage stays out of ChatGPT's search; ChatGPT-User still visits when a person asks",
    );
    expect(roleOf(withProducts.byId('chatgpt'), 'search')?.robots).toBe('partial');
    // Without a product page to show otherwise, the homepage is all the scan knows: blocked.
    const homepageOnly = runAssistants({ homepage, robots });
    expect(stepOf(homepageOnly.byId('chatgpt'), 'find').status).toBe('fail');
  });
});
