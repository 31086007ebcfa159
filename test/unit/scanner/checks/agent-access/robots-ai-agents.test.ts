import { describe, expect, it } from 'vitest';
import type { CheckDefinition } from '#shared/scanner/checks/types.js';
import { robotsAiAgents } from '#shared/scanner/checks/agent-access/robots-ai-agents.js';
import { buildArtifacts } from '#test/unit/scanner/checks/build-artifacts.js';
import type { ArtifactsInput } from '#test/unit/scanner/checks/build-artifacts.js';
import { productPage, values } from '#test/unit/scanner/checks/agent-access/fixtures.js';
import { AI_SEARCH_AGENTS, OTHER_AI_AGENTS, TRAINING_AGENTS } from '#shared/scanner/parse/robots.js';

const run = (check: CheckDefinition, input: ArtifactsInput) => {
  const artifacts = buildArtifacts(input);
  return { artifacts, result: check.evaluate(artifacts) };
};

describe('robots_ai_agents', () => {
  it('passes when robots.txt only keeps agents out of the checkout', () => {
    const { result } = run(robotsAiAgents, {
      robots: 'User-agent: *\nDisallow: /checkout\nDisallow: /cart\n\nSitemap: https://shop.example/sitemap.xml\n',
      products: [productPage],
    });
    expect(result.status).toBe('pass');
    expect(result.score).toBe(1);
    expect(result.summary).toBe(`robots.txt allows all ${AI_SEARCH_AGENTS.length} AI search and shopping agents on / and 1 product page`);
    expect(AI_SEARCH_AGENTS).toHaveLength(17);
    expect(values(result)).toContain('34 of 34 agent/path checks allowed');
  });

  it('passes when there is no robots.txt (404 allows all)', () => {
    const { result } = run(robotsAiAgents, {});
    expect(result.status).toBe('pass');
    expect(result.summary).toContain('No robots.txt (HTTP 404)');
  });

  it('warns with the share of agent/path pairs allowed and names the blocked agents', () => {
    const { result } = run(robotsAiAgents, {
      robots: 'User-agent: *\nAllow: /\n\nUser-agent: PerplexityBot\nUser-agent: Claude-User\nDisallow: /\n',
    });
    expect(result.status).toBe('warn');
    expect(result.score).toBeCloseTo(15 / 17);
    expect(result.summary).toMatch(/^robots\.txt blocks Claude-User and PerplexityBot from \/ /);
    expect(values(result)).toContain('PerplexityBot blocked from / (Disallow: / on line 6)');
  });

  it('evaluates the sampled product paths, query included', () => {
    const { result } = run(robotsAiAgents, {
      robots: 'User-agent: *\nDisallow: /products/*?variant=\n',
      products: [{ url: 'https://shop.example/products/walnut-desk?variant=42', body: productPage }],
    });
    expect(result.status).toBe('warn');
    expect(result.score).toBe(0.5);
    expect(result.summary).toContain('blocks every AI search and shopping agent from /products/walnut-desk?variant=42');
  });

  it('fails when every agent is disallowed from /', () => {
    const { result } = run(robotsAiAgents, { robots: 'User-agent: *\nDisallow: /\n' });
    expect(result.status).toBe('fail');
    expect(result.score).toBe(0);
    expect(result.summary).toContain('every AI search and shopping agent from /');
  });

  it('fails on a 5xx robots.txt, which RFC 9309 reads as disallow all', () => {
    const { artifacts, result } = run(robotsAiAgents, { robots: { status: 503, body: 'Service Unavailable' } });
    expect(result.status).toBe('fail');
    expect(result.summary).toContain('HTTP 503');
    expect(result.summary).toContain('RFC 9309');
    const advice = robotsAiAgents.advise(result, artifacts);
    expect(advice.title).toBe('Serve robots.txt without a server error');
    expect(advice.snippet).toContain('User-agent: *\nAllow: /');
  });

  it('is not assessed when robots.txt was rate limited, not fetched in time or failed', () => {
    expect(run(robotsAiAgents, { robots: { status: 429, body: 'Too Many Requests' } }).result.status).toBe('not_assessed');
    expect(run(robotsAiAgents, { robots: { skipped: 'deadline' } }).result.status).toBe('not_assessed');
    expect(run(robotsAiAgents, { robots: { failed: 'timeout' } }).result).toMatchObject({ status: 'not_assessed', score: null });
  });

  it("advises a group for the blocked agents that keeps the shop's other Disallow lines", () => {
    const { artifacts, result } = run(robotsAiAgents, {
      robots:
        'User-agent: *\nDisallow: /checkout\nDisallow: /cart\n\nUser-agent: PerplexityBot\nUser-agent: Claude-User\nDisallow: /\n\nSitemap: https://shop.example/sitemap_index.xml\n',
    });
    const advice = robotsAiAgents.advise(result, artifacts);
    expect(advice.title).toBe('Allow AI shopping agents in robots.txt');
    expect(advice.why).toContain('https://shop.example/robots.txt');
    expect(advice.snippet).toBe(
      'User-agent: Claude-User\nUser-agent: PerplexityBot\nAllow: /\nDisallow: /checkout\nDisallow: /cart\n\nSitemap: https://shop.example/sitemap_index.xml',
    );
  });

  it('evaluates the search and user agents added in late 2026 (Amazon, Mistral, Meta)', () => {
    const { result } = run(robotsAiAgents, {
      robots: [
        '# Managed by the shop platform',
        'User-agent: *',
        'Disallow: /checkout',
        '',
        'User-agent: Amzn-User',
        'User-agent: MistralAI-User',
        'User-agent: MistralAI-Index',
        'User-agent: Meta-ExternalFetcher',
        'Disallow: /',
        '',
      ].join('\n'),
    });
    expect(result.status).toBe('warn');
    expect(result.score).toBeCloseTo(13 / 17);
    expect(result.summary).toMatch(/^robots\.txt blocks Amzn-User, MistralAI-User, MistralAI-Index and Meta-ExternalFetcher from \//);
    expect(values(result)).toContain('MistralAI-Index blocked from / (Disallow: / on line 9)');
  });

  it('never counts training-only or other vendor crawlers, however they are blocked', () => {
    const blocked = [...TRAINING_AGENTS, ...OTHER_AI_AGENTS].map((agent) => `User-agent: ${agent.token}`);
    const { result } = run(robotsAiAgents, {
      robots: `${blocked.join('\n')}\nDisallow: /\n\nUser-agent: *\nAllow: /\nDisallow: /cart\n\nSitemap: https://shop.example/sitemap.xml\n`,
    });
    expect(result.status).toBe('pass');
    expect(result.score).toBe(1);
    expect(result.summary).toBe(`robots.txt allows all ${AI_SEARCH_AGENTS.length} AI search and shopping agents on /`);
  });

  it('scores a `*` disallow with one vendor allowed as the share that vendor keeps', () => {
    const { result } = run(robotsAiAgents, {
      robots: 'User-agent: *\nDisallow: /\n\nUser-agent: OAI-SearchBot\nUser-agent: ChatGPT-User\nAllow: /\nDisallow: /account\n',
    });
    expect(result.status).toBe('warn');
    expect(result.score).toBeCloseTo(2 / 17);
    expect(values(result)).toContain('Googlebot blocked from / (Disallow: / on line 2)');
    expect(values(result)).not.toMatch(/OAI-SearchBot blocked/);
  });

  it('matches agent tokens case-insensitively, as RFC 9309 asks', () => {
    const { result } = run(robotsAiAgents, { robots: 'user-agent: AMAZONBOT\nuser-agent: amzn-searchbot\ndisallow: /\n' });
    expect(result.status).toBe('warn');
    expect(result.score).toBeCloseTo(16 / 17);
    expect(result.summary).toMatch(/^robots\.txt blocks Amzn-SearchBot from \//);
  });

  it('names the Googlebot group when Applebot follows it, as Apple documents', () => {
    const { result } = run(robotsAiAgents, {
      robots: 'User-agent: Googlebot\nUser-agent: Bingbot\nDisallow: /\n\nUser-agent: *\nAllow: /\n',
    });
    expect(result.status).toBe('warn');
    expect(result.score).toBeCloseTo(14 / 17);
    expect(values(result)).toContain(
      'Applebot blocked from / (Disallow: / on line 3), following the Googlebot group as its vendor documents',
    );
    expect(values(result)).toContain('Googlebot blocked from / (Disallow: / on line 3)');
  });
});
