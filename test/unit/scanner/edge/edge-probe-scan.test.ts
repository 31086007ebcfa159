/**
 * The edge probe against real HTTP servers on loopback: shops whose edge answers one assistant family's
 * User-Agent differently from the scanner's (403, a challenge page under 200, a 429 for that agent only, the
 * page without its product facts), one that refuses every request alike, and what the probe may never do.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { Tier } from '#shared/model/tiers.js';
import { createFetcher, SCANNER_USER_AGENT } from '#shared/outbound/index.js';
import { scanUrl } from '#shared/scanner/engine.js';
import { edgeProbesOf } from '#shared/scanner/edge/edge-probes.js';
import { MAX_PROBES_IN_FLIGHT } from '#shared/scanner/edge/ask-edge.js';
import { PROBE_AGENTS } from '#shared/scanner/edge/probe-agents.js';
import { startLoopbackServer, type LoopbackServer } from '#test/unit/outbound/loopback-server.js';

const servers: LoopbackServer[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const home = `<!doctype html><html lang="en"><head><title>Oak &amp; Ash</title></head><body><main>
  <h1>Handmade furniture for small spaces</h1><p>Solid oak and ash, made to order in our Leeds workshop.</p>
  <a href="/products/walnut-desk">Walnut desk</a></main></body></html>`;

const product = `<!doctype html><html><head><title>Walnut desk</title>
  <script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Walnut desk","sku":"WD-1",
  "offers":{"@type":"Offer","price":"1299.00","priceCurrency":"GBP","availability":"https://schema.org/InStock"}}</script></head>
  <body><h1>Walnut desk</h1><p>£1,299.00</p><form action="/cart/add" method="post"><button type="submit">Add to cart</button></form></body></html>`;

const noFacts = `<!doctype html><html><head><title>Oak &amp; Ash</title></head><body><main><p>Welcome to our workshop.</p></main></body></html>`;

const challenge = `<!DOCTYPE html><html><head><title>Just a moment...</title></head><body><div id="challenge-stage"></div>
  <script src="/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1"></script></body></html>`;

const html = (res: ServerResponse, body: string, status = 200, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(body);

/** The product token a request's User-Agent starts with; null for the scanner's own requests. */
function tokenOf(req: IncomingMessage): string | null {
  const ua = req.headers['user-agent'] ?? '';
  return PROBE_AGENTS.find((agent) => ua === `${agent.userAgent} ${SCANNER_USER_AGENT}`)?.token ?? null;
}

/** What the shop answers each request: `edge` sees the request first and may answer it instead of the page. */
type Edge = (req: IncomingMessage, res: ServerResponse) => boolean;

async function scanShop(edge: Edge, tier: Tier = 'pro') {
  let inFlight = 0;
  let maxInFlight = 0;
  const serve = (body: string) => (req: IncomingMessage, res: ServerResponse) => {
    const probe = tokenOf(req) !== null;
    if (probe) {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      res.once('close', () => (inFlight -= 1));
    }
    // Held briefly so that probes overlap if the scanner lets them.
    setTimeout(() => (edge(req, res) ? undefined : html(res, body)), probe ? 5 : 0);
  };
  const server = await startLoopbackServer({ '/': serve(home), '/products/walnut-desk': serve(product) });
  servers.push(server);
  const fetcher = createFetcher({ allowPrivateHosts: ['127.0.0.1'] });
  try {
    const outcome = await scanUrl(`${server.origin}/`, {
      tier,
      productPageBudget: tier === 'free' ? 0 : 1,
      fetcher,
      policy: { allowPrivateHosts: ['127.0.0.1'] },
      deadline: Date.now() + 20_000,
    });
    const check = outcome.result.checks.find((candidate) => candidate.id === 'edge_agent_access')!;
    const probes = edgeProbesOf(outcome.artifacts);
    const probeRequests = server.requests.filter((req) => tokenOf(req) !== null);
    return { ...outcome, check, probes, probeRequests, maxInFlight };
  } finally {
    await fetcher.close();
  }
}

const onlyFor =
  (token: string, answer: (res: ServerResponse, req: IncomingMessage) => void, path?: string): Edge =>
  (req, res) => {
    if (tokenOf(req) !== token || (path !== undefined && req.url !== path)) return false;
    answer(res, req);
    return true;
  };

type Scanned = Awaited<ReturnType<typeof scanShop>>;

/** Only `blocked`'s find step fails, on the probe's evidence; every other assistant's find step never mentions the edge. */
function expectOnlyBlockedAtTheEdge(result: Scanned['result'], blocked: string, token: string) {
  for (const assistant of result.assistants) {
    const find = assistant.steps.find((step) => step.step === 'find')!;
    if (assistant.id === blocked) {
      expect(find.status).toBe('fail');
      expect(find.checks).toContain('edge_agent_access');
      expect(find.reason).toContain(`a request carrying ${token}'s User-Agent`);
      expect(find.reason).toContain('is blocked at the edge by User-Agent');
      expect(assistant.verdict).toBe('blocked');
      expect(assistant.firstFix).toBe('edge_agent_access');
      const probed = assistant.access.find((entry) => entry.edge)!;
      expect(probed.edge?.token).toBe(token);
      expect(probed.summary).toContain(`a request carrying ${token}'s User-Agent`);
    } else {
      expect(find.reason, assistant.id).not.toContain('edge');
      expect(find.status, assistant.id).not.toBe('fail');
      // The family's own probe was served, and the result says so in the role it probed.
      expect(assistant.access.find((entry) => entry.edge)?.edge?.answer, assistant.id).toBe('served');
    }
  }
}

function expectOthersServed(probes: ReturnType<typeof edgeProbesOf>, token: string) {
  const others = [...probes.values()].filter((probe) => probe.token !== token);
  expect(others).toHaveLength(PROBE_AGENTS.length - 1);
  expect(others.map((probe) => [probe.token, probe.answer])).toEqual(others.map((probe) => [probe.token, 'served']));
}

describe('the edge probe in a paid scan', () => {
  it('finds a 403 for one family: refused for it, served for every other, the check failing with the evidence', async () => {
    const { probes, check, probeRequests, maxInFlight, log, result } = await scanShop(
      onlyFor('ChatGPT-User', (res) => html(res, 'Forbidden', 403)),
    );
    const chatgpt = probes.get('chatgpt')!;
    expect(chatgpt.answer).toBe('refused');
    expect(chatgpt.pages.map((page) => [page.scanner, page.agent, page.answer])).toEqual([
      ['HTTP 200', 'HTTP 403', 'refused'],
      ['HTTP 200', 'HTTP 403', 'refused'],
    ]);
    expect(chatgpt.userAgent).toBe(`${PROBE_AGENTS[0]!.userAgent} ${SCANNER_USER_AGENT}`);
    expectOthersServed(probes, 'ChatGPT-User');
    expectOnlyBlockedAtTheEdge(result, 'chatgpt', 'ChatGPT-User');
    expect(check.status).toBe('warn');
    expect(check.score).toBeCloseTo(8 / 9);
    expect(check.summary).toContain('ChatGPT-User refused (HTTP 403 at');
    expect(check.evidence.map((item) => item.value)).toContain('ChatGPT-User: scanner HTTP 200; agent HTTP 403 (refused)');
    // Every family asked each page once: 9 families x 2 pages, no retry, never more than 3 at once.
    expect(probeRequests).toHaveLength(PROBE_AGENTS.length * 2);
    expect(maxInFlight).toBeLessThanOrEqual(MAX_PROBES_IN_FLIGHT);
    // Every probe request is in the fetch log, with the vendor's string it carried.
    const logged = log.filter((entry) => entry.agentUserAgent !== null);
    expect(logged).toHaveLength(PROBE_AGENTS.length * 2);
    for (const agent of PROBE_AGENTS) expect(logged.filter((entry) => entry.agentUserAgent === agent.userAgent)).toHaveLength(2);
  });

  it('finds a challenge page served under 200: challenged, with the challenge as the label', async () => {
    const { probes, check, result } = await scanShop(
      onlyFor('Google-Agent', (res) => html(res, challenge, 200, { 'cf-mitigated': 'challenge' })),
    );
    const google = probes.get('google')!;
    expect(google.answer).toBe('challenged');
    expect(google.pages[0]!.agent).toBe('HTTP 200, header cf-mitigated: challenge');
    expectOthersServed(probes, 'Google-Agent');
    expectOnlyBlockedAtTheEdge(result, 'google', 'Google-Agent');
    expect(check.summary).toContain('Google-Agent challenged');
  });

  it('finds a 429 for one agent only: refused, not the scan rate limited', async () => {
    const { probes, check, result } = await scanShop(onlyFor('Perplexity-User', (res) => html(res, 'Too many requests', 429)));
    expect(probes.get('perplexity')!.answer).toBe('refused');
    expect(probes.get('perplexity')!.pages.map((page) => page.agent)).toEqual(['HTTP 429', 'HTTP 429']);
    expectOthersServed(probes, 'Perplexity-User');
    expectOnlyBlockedAtTheEdge(result, 'perplexity', 'Perplexity-User');
    expect(check.status).toBe('warn');
  });

  it('finds the product page served without its product facts: stripped', async () => {
    const { probes, check, result } = await scanShop(onlyFor('Claude-User', (res) => html(res, noFacts), '/products/walnut-desk'));
    const claude = probes.get('claude')!;
    expect(claude.answer).toBe('stripped');
    expect(claude.pages.map((page) => page.answer)).toEqual(['served', 'stripped']);
    expect(claude.pages[1]!.agent).toBe("HTTP 200, without the product's name and price");
    expectOthersServed(probes, 'Claude-User');
    expectOnlyBlockedAtTheEdge(result, 'claude', 'Claude-User');
    expect(check.summary).toContain('Claude-User served without the product facts');
    const advice = result.recommendations.find((recommendation) => recommendation.checkId === 'edge_agent_access')!;
    expect(advice.fix).toContain('WAF custom rules');
    expect(advice.fix).toContain('published IP addresses');
    expect(advice.fix).not.toMatch(/Cloudflare|Akamai|DataDome/);
  });

  it("warns, never blocks, when the refused User-Agent is a search crawler's that edges check by address", async () => {
    const { probes, result } = await scanShop(onlyFor('bingbot', (res) => html(res, 'Forbidden', 403)));
    expect(probes.get('copilot')!.answer).toBe('refused');
    const copilot = result.assistants.find((assistant) => assistant.id === 'copilot')!;
    const find = copilot.steps.find((step) => step.step === 'find')!;
    expect(find.status).toBe('warn');
    expect(find.reason).toContain("edges commonly refuse bingbot's User-Agent from addresses that are not Microsoft's");
    expect(copilot.verdict).not.toBe('blocked');
  });

  it('names the vendor only when the response names it', async () => {
    const { result } = await scanShop(onlyFor('Applebot', (res) => html(res, challenge, 403, { 'cf-mitigated': 'challenge' })));
    const advice = result.recommendations.find((recommendation) => recommendation.checkId === 'edge_agent_access')!;
    expect(advice.fix).toContain('The responses name Cloudflare');
  });

  it('calls a shop that refuses every request alike a bot wall, not an edge block', async () => {
    const { probes, check, result } = await scanShop((_req, res) => {
      html(res, 'Forbidden', 403);
      return true;
    });
    expect([...probes.values()].map((probe) => probe.answer)).toEqual(PROBE_AGENTS.map(() => 'not_assessed'));
    expect(check.status).toBe('not_assessed');
    expect(check.summary).toContain("The scanner's own request was not served");
    expect(result.checks.find((candidate) => candidate.id === 'bot_wall')!.status).toBe('fail');
    for (const assistant of result.assistants) {
      const find = assistant.steps.find((step) => step.step === 'find')!;
      expect(find.reason).toMatch(/^A bot wall turns agents away/);
      expect(find.reason).not.toContain('at the edge');
    }
  });

  it("takes a rate limit the probe itself trips for the shop's, never for a block of the agents it hit", async () => {
    let seen = 0;
    const { probes, check, result } = await scanShop((_req, res) => {
      seen += 1;
      // Every page request past the 8th in this scan is over the shop's limit, whoever sends it.
      if (seen <= 8) return false;
      html(res, 'Too many requests', 429, { 'retry-after': '30' });
      return true;
    });
    const limited = [...probes.values()].filter((probe) => probe.pages.some((page) => page.agent === 'HTTP 429'));
    expect(limited.length).toBeGreaterThan(1);
    expect(limited.map((probe) => probe.answer)).not.toContain('refused');
    expect(check.status).not.toBe('fail');
    expect(check.summary).not.toContain('429');
    for (const assistant of result.assistants) {
      expect(assistant.steps.find((step) => step.step === 'find')!.reason, assistant.id).not.toContain('at the edge');
    }
  });

  it('sends no probe on the free tier', async () => {
    const { probeRequests, check, artifacts } = await scanShop(() => false, 'free');
    expect(probeRequests).toHaveLength(0);
    expect(artifacts.site.edgeProbe).toBeNull();
    expect(check.status).toBe('not_assessed');
    expect(check.summary).toBe("The free scan never asks with an assistant's User-Agent");
  });

  it('lets the address guard refuse a probe redirected to the metadata address', async () => {
    const { artifacts, probes, log } = await scanShop(
      onlyFor('MistralAI-User', (res) => res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end()),
    );
    const mistral = artifacts.site.edgeProbe!.find((family) => family.assistant === 'mistral')!;
    expect(mistral.pages.map((page) => page.agent)).toEqual([
      { state: 'failed', reason: 'blocked' },
      { state: 'failed', reason: 'blocked' },
    ]);
    expect(probes.get('mistral')!.answer).toBe('not_assessed');
    expect(log.filter((entry) => entry.agentUserAgent === PROBE_AGENTS.at(-1)!.userAgent).map((entry) => entry.outcome)).toEqual([
      'blocked',
      'blocked',
    ]);
  });
});
