import { capsFor } from '#shared/scanner/caps.js';
import { describe, expect, it } from 'vitest';
import type { CheckDefinition } from '#shared/scanner/checks/types.js';
import { agentAccessChecks } from '#shared/scanner/checks/agent-access/index.js';
import { botWall } from '#shared/scanner/checks/agent-access/bot-wall.js';
import { contentSignals } from '#shared/scanner/checks/agent-access/content-signals.js';
import { indexable } from '#shared/scanner/checks/agent-access/indexable.js';
import { robotsAiAgents } from '#shared/scanner/checks/agent-access/robots-ai-agents.js';
import { robotsHygiene } from '#shared/scanner/checks/agent-access/robots-hygiene.js';
import { trainingPolicy } from '#shared/scanner/checks/agent-access/training-policy.js';
import { buildArtifacts } from '#test/unit/scanner/checks/build-artifacts.js';
import type { ArtifactsInput } from '#test/unit/scanner/checks/build-artifacts.js';

const homepage = `<!doctype html><html lang="en"><head><title>Oak &amp; Ash Home Goods</title>
  <link rel="canonical" href="https://shop.example/"></head>
  <body><header><nav><a href="/collections/desks">Desks</a> <a href="/pages/shipping">Shipping</a></nav></header>
  <main><h1>Handmade furniture for small spaces</h1><p>Solid oak and ash, made to order in our Leeds workshop.</p>
  <a href="/products/walnut-desk">Walnut desk</a></main></body></html>`;

const productPage = `<!doctype html><html><head><title>Walnut desk</title>
  <link rel="canonical" href="https://shop.example/products/walnut-desk"></head>
  <body><h1>Walnut desk</h1><p>£1,299.00</p><button type="submit">Add to cart</button></body></html>`;

const cloudflareChallenge = {
  status: 403,
  headers: { 'cf-mitigated': 'challenge', server: 'cloudflare' },
  body: '<!DOCTYPE html><html><head><title>Just a moment...</title></head><body><div id="challenge-stage"></div><script src="/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1"></script></body></html>',
};

const dataDomeBlock = {
  url: 'https://shop.example/products/oak-stool',
  status: 403,
  headers: { 'x-datadome': 'protected' },
  body: '<html><head><title>shop.example</title></head><body><iframe src="https://geo.captcha-delivery.com/captcha/?initialCid=abc"></iframe></body></html>',
};

const run = (check: CheckDefinition, input: ArtifactsInput) => {
  const artifacts = buildArtifacts(input);
  return { artifacts, result: check.evaluate(artifacts) };
};

const values = (result: { evidence: { value: string | null }[] }) => result.evidence.map((item) => item.value ?? '').join('\n');

describe('agent_access dimension', () => {
  it('has the rubric ids, in order, with points adding up to 20', () => {
    expect(agentAccessChecks.map((check) => [check.id, check.points])).toEqual([
      ['robots_ai_agents', 6],
      ['training_policy', 0],
      ['bot_wall', 6],
      ['indexable', 4],
      ['robots_hygiene', 2],
      ['content_signals', 2],
    ]);
    expect(agentAccessChecks.reduce((sum, check) => sum + check.points, 0)).toBe(20);
    expect(agentAccessChecks.every((check) => check.dimension === 'agent_access')).toBe(true);
  });
});

describe('robots_ai_agents', () => {
  it('passes when robots.txt only keeps agents out of the checkout', () => {
    const { result } = run(robotsAiAgents, {
      robots: 'User-agent: *\nDisallow: /checkout\nDisallow: /cart\n\nSitemap: https://shop.example/sitemap.xml\n',
      products: [productPage],
    });
    expect(result.status).toBe('pass');
    expect(result.score).toBe(1);
    expect(result.summary).toBe('robots.txt allows all 11 AI search and shopping agents on / and 1 product page');
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
    expect(result.score).toBeCloseTo(9 / 11);
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
});

describe('training_policy', () => {
  it('reports allowed and blocked training crawlers without penalty', () => {
    const { result } = run(trainingPolicy, {
      robots: 'User-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\n\nUser-agent: *\nDisallow: /checkout\n',
    });
    expect(result.status).toBe('pass');
    expect(result.score).toBe(1);
    expect(result.summary).toContain('blocks GPTBot and CCBot');
    expect(values(result)).toContain('blocked from /: GPTBot, CCBot');
    expect(values(result)).toContain('allowed on /: ClaudeBot, Google-Extended');
  });

  it('is not applicable without a robots.txt', () => {
    const { result } = run(trainingPolicy, {});
    expect(result.status).toBe('not_applicable');
    expect(result.summary).toContain('allowed by default');
  });

  it('is not assessed when robots.txt was rate limited', () => {
    expect(run(trainingPolicy, { robots: { status: 429 } }).result.status).toBe('not_assessed');
  });

  it('still has advice with robots.txt lines, though it never scores', () => {
    const { artifacts, result } = run(trainingPolicy, {});
    expect(trainingPolicy.points).toBe(0);
    expect(trainingPolicy.advise(result, artifacts).snippet).toContain('User-agent: GPTBot');
  });
});

describe('bot_wall', () => {
  it('passes when the homepage and product pages answer with content', () => {
    const { result } = run(botWall, { homepage, products: [productPage] });
    expect(result.status).toBe('pass');
    expect(result.summary).toBe('No bot wall: the homepage and /products/item-1 answered with their content');
  });

  it('fails when a Cloudflare challenge guards the homepage, naming the vendor', () => {
    const { artifacts, result } = run(botWall, { homepage: cloudflareChallenge });
    expect(result.status).toBe('fail');
    expect(result.summary).toContain('Cloudflare bot wall blocks agents from the homepage');
    expect(values(result)).toContain('cf-mitigated: challenge');
    const advice = botWall.advise(result, artifacts);
    expect(advice.snippet).toContain('cf.verified_bot_category');
    expect(advice.why).toContain('https://shop.example/');
  });

  it('warns when only some product pages are walled', () => {
    const { artifacts, result } = run(botWall, { homepage, products: [productPage, dataDomeBlock] });
    expect(result.status).toBe('warn');
    expect(result.score).toBeCloseTo(2 / 3);
    expect(result.summary).toBe('A DataDome bot wall blocks agents from 1 product page (/products/oak-stool)');
    expect(botWall.advise(result, artifacts).fix).toContain('DataDome');
  });

  it('fails a homepage that refuses the scanner (401, 403, 429) without any vendor marker, naming the status', () => {
    for (const status of [401, 403, 429]) {
      const { artifacts, result } = run(botWall, {
        homepage: { status, headers: { 'retry-after': '30' }, body: '<html><body><h1>Go away</h1></body></html>' },
      });
      expect(result.status, String(status)).toBe('fail');
      expect(result.summary).toBe(
        `The homepage turns agents away (HTTP ${status}: the site refused the scanner, which names itself in its User-Agent)`,
      );
      expect(capsFor(artifacts)).toContainEqual(expect.objectContaining({ id: 'bot_wall', limit: 25 }));
    }
  });

  it("passes when a product page was only rate limited (429 on the scan's own burst is not a wall)", () => {
    const limited = {
      url: 'https://shop.example/products/oak-stool',
      status: 429,
      headers: { 'retry-after': '30' },
      body: 'Too Many Requests',
    };
    const { result } = run(botWall, { homepage, products: [limited] });
    expect(result.status).toBe('pass');
    expect(values(result)).toContain('rate limited: HTTP 429, Retry-After: 30');
  });

  it('is not assessed when the homepage could not be fetched', () => {
    expect(run(botWall, { homepage: { failed: 'timeout' } }).result.status).toBe('not_assessed');
  });
});

describe('indexable', () => {
  it('passes a 200 homepage without noindex and with an on-site canonical (www counts as the same site)', () => {
    const html = homepage.replace('https://shop.example/', 'https://www.shop.example/');
    const { result } = run(indexable, { homepage: html });
    expect(result.status).toBe('pass');
    expect(result.summary).toBe("The homepage answers 200, allow indexing and keep the canonical on the shop's own site");
  });

  it('fails a homepage with meta robots noindex', () => {
    const html = homepage.replace('<title>', '<meta name="robots" content="noindex, follow"><title>');
    const { artifacts, result } = run(indexable, { homepage: html });
    expect(result.status).toBe('fail');
    expect(result.summary).toContain('The homepage says noindex (<meta name="robots" content="noindex, follow">)');
    expect(indexable.advise(result, artifacts).snippet).toContain('<link rel="canonical" href="https://shop.example/">');
  });

  it('fails on an agent-specific noindex in meta or X-Robots-Tag, but ignores other bots', () => {
    const googlebotMeta = homepage.replace('<title>', '<meta name="googlebot" content="noindex"><title>');
    expect(run(indexable, { homepage: googlebotMeta }).result.status).toBe('fail');
    const scopedHeader = { body: homepage, headers: { 'x-robots-tag': 'max-snippet: 50, bingbot: noarchive, noindex' } };
    expect(run(indexable, { homepage: scopedHeader }).result.status).toBe('fail');
    const otherBot = { body: homepage, headers: { 'x-robots-tag': 'otherbot: noindex, nofollow' } };
    expect(run(indexable, { homepage: otherBot }).result.status).toBe('pass');
    const plainHeader = { body: homepage, headers: { 'x-robots-tag': 'noindex' } };
    expect(values(run(indexable, { homepage: plainHeader }).result)).toContain('X-Robots-Tag: noindex');
  });

  it('warns on a canonical that points to another site', () => {
    const html = homepage.replace('https://shop.example/', 'https://oak-and-ash.myshopify.com/');
    const { result } = run(indexable, { homepage: html });
    expect(result.status).toBe('warn');
    expect(result.score).toBe(0.5);
    expect(result.summary).toContain('names a canonical on another site (https://oak-and-ash.myshopify.com/)');
  });

  it('warns on more than 3 redirects before the page', () => {
    const redirects = ['http://shop.example/', 'https://shop.example/en', 'https://shop.example/en/', 'https://shop.example/en-gb/'].map(
      (url) => ({ url, status: 301 }),
    );
    const { result } = run(indexable, { homepage: { body: homepage, redirects } });
    expect(result.status).toBe('warn');
    expect(result.summary).toContain('takes 4 redirects');
  });

  it('averages over pages and names the one that errors', () => {
    const { result } = run(indexable, { homepage, products: [{ status: 404, body: productPage }] });
    expect(result.status).toBe('warn');
    expect(result.score).toBe(0.5);
    expect(result.summary).toBe('/products/item-1 answers HTTP 404');
  });

  it('fails when the homepage redirects too many times', () => {
    const { result } = run(indexable, { homepage: { failed: 'too_many_redirects' } });
    expect(result.status).toBe('fail');
    expect(result.summary).toContain('redirects too many times');
  });

  it('is not assessed behind a bot wall or when the homepage was not fetched', () => {
    expect(run(indexable, { homepage: cloudflareChallenge }).result.status).toBe('not_assessed');
    expect(run(indexable, { homepage: { skipped: 'deadline' } }).result.status).toBe('not_assessed');
  });
});

describe('robots_hygiene', () => {
  it('passes a text/plain robots.txt with a Sitemap line', () => {
    const { result } = run(robotsHygiene, { robots: 'User-agent: *\nDisallow: /cart\n\nSitemap: https://shop.example/sitemap.xml\n' });
    expect(result.status).toBe('pass');
    expect(values(result)).toContain('Sitemap: https://shop.example/sitemap.xml');
  });

  it('warns when the Sitemap line is missing, advising one', () => {
    const { artifacts, result } = run(robotsHygiene, { robots: 'User-agent: *\nDisallow: /cart\n' });
    expect(result.status).toBe('warn');
    expect(values(result)).toContain('no Sitemap: line');
    expect(robotsHygiene.advise(result, artifacts).snippet).toBe('Sitemap: https://shop.example/sitemap.xml');
  });

  it('warns when robots.txt is served with the wrong type but names a sitemap', () => {
    const { result } = run(robotsHygiene, {
      robots: {
        body: 'User-agent: *\nDisallow:\nSitemap: https://shop.example/sitemap.xml',
        headers: { 'content-type': 'application/octet-stream' },
      },
    });
    expect(result.status).toBe('warn');
    expect(result.summary).toContain('application/octet-stream instead of text/plain');
  });

  it('warns when there is no robots.txt (404 allows all) or an HTML soft 404', () => {
    const missing = run(robotsHygiene, {});
    expect(missing.result.status).toBe('warn');
    expect(missing.result.summary).toContain('No robots.txt (HTTP 404)');
    expect(robotsHygiene.advise(missing.result, missing.artifacts).snippet).toContain('User-agent: *\nAllow: /');
    const soft = run(robotsHygiene, { robots: '<!doctype html><html><body>Page not found</body></html>' });
    expect(soft.result.status).toBe('warn');
    expect(soft.result.summary).toContain('soft 404');
  });

  it('fails on a 5xx robots.txt and on a non-text file without a sitemap', () => {
    const error = run(robotsHygiene, { robots: { status: 500, body: 'oops' } }).result;
    expect(error.status).toBe('fail');
    expect(error.summary).toContain('disallow the whole site');
    const wrongType = run(robotsHygiene, { robots: { body: 'User-agent: *\nDisallow:', headers: { 'content-type': 'text/html' } } }).result;
    expect(wrongType.status).toBe('fail');
  });

  it('is not assessed when robots.txt was not fetched in time', () => {
    expect(run(robotsHygiene, { robots: { skipped: 'deadline' } }).result.status).toBe('not_assessed');
  });
});

describe('content_signals', () => {
  it('passes coherent Content-Signal lines', () => {
    const { result } = run(contentSignals, { robots: 'User-agent: *\nContent-Signal: search=yes, ai-input=yes, ai-train=no\nAllow: /\n' });
    expect(result.status).toBe('pass');
    expect(values(result)).toContain('line 2: Content-Signal: search=yes, ai-input=yes, ai-train=no');
  });

  it('warns on a line that does not parse', () => {
    const { artifacts, result } = run(contentSignals, { robots: 'User-agent: *\nContent-Signal: search=maybe\nAllow: /\n' });
    expect(result.status).toBe('warn');
    expect(result.summary).toContain('search=maybe: value must be yes or no');
    expect(contentSignals.advise(result, artifacts).snippet).toContain('Content-Signal: search=yes, ai-input=yes, ai-train=no');
  });

  it('fails when a signal grants a use the rules make impossible', () => {
    const { artifacts, result } = run(contentSignals, { robots: 'User-agent: *\nDisallow: /\nContent-Signal: search=yes, ai-train=no\n' });
    expect(result.status).toBe('fail');
    expect(result.summary).toContain('grants search but the same group disallows /');
    expect(contentSignals.advise(result, artifacts).snippet).toBe(
      'User-agent: *\nContent-Signal: search=yes, ai-input=yes, ai-train=no\nAllow: /',
    );
  });

  it('is not applicable without signal lines or without a robots.txt', () => {
    expect(run(contentSignals, { robots: 'User-agent: *\nDisallow: /cart\n' }).result.status).toBe('not_applicable');
    expect(run(contentSignals, {}).result.status).toBe('not_applicable');
  });

  it('is not assessed when robots.txt failed to load', () => {
    expect(run(contentSignals, { robots: { failed: 'unreachable' } }).result.status).toBe('not_assessed');
  });
});
