import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AI_SEARCH_AGENTS,
  OTHER_AI_AGENTS,
  TRAINING_AGENTS,
  evaluateAgents,
  evaluatePath,
  isAllowed,
  parseRobotsTxt,
} from '#shared/scanner/parse/robots.js';
import type { RobotsTxt } from '#shared/scanner/parse/robots.js';

function robots(body: string, contentType = 'text/plain; charset=utf-8'): RobotsTxt {
  return parseRobotsTxt({ status: 200, body, contentType });
}

describe('parseRobotsTxt: groups and matching (RFC 9309)', () => {
  it('matches the product token case-insensitively and prefers the specific group over *', () => {
    const file = robots('User-agent: *\nDisallow: /\n\nUser-agent: googlebot\nAllow: /\n');
    expect(isAllowed(file, 'Googlebot', '/shop')).toBe(true);
    expect(isAllowed(file, 'GOOGLEBOT', '/shop')).toBe(true);
    expect(isAllowed(file, 'Bingbot', '/shop')).toBe(false);
  });

  it('does not let a longer token match a shorter one (Googlebot-Image is not Googlebot)', () => {
    const file = robots('User-agent: Googlebot-Image\nDisallow: /\n');
    expect(isAllowed(file, 'Googlebot', '/')).toBe(true);
    expect(isAllowed(file, 'Googlebot-Image', '/')).toBe(false);
  });

  it('strips version suffixes from User-agent values', () => {
    const file = robots('User-agent: GPTBot/1.2\nDisallow: /\n');
    expect(isAllowed(file, 'GPTBot', '/')).toBe(false);
  });

  it('merges all groups that name the same agent', () => {
    const file = robots('User-agent: a\nDisallow: /x\n\nUser-agent: b\nDisallow: /y\n\nUser-agent: a\nDisallow: /z\n');
    expect(isAllowed(file, 'a', '/x')).toBe(false);
    expect(isAllowed(file, 'a', '/z')).toBe(false);
    expect(isAllowed(file, 'a', '/y')).toBe(true);
    expect(isAllowed(file, 'b', '/z')).toBe(true);
  });

  it('shares one group between consecutive User-agent lines, across blank lines and comments', () => {
    const file = robots('User-agent: GPTBot\n\n# training\nUser-agent: CCBot\nDisallow: /\nUser-agent: Other\nAllow: /\n');
    expect(file.groups).toHaveLength(2);
    expect(file.groups[0]?.userAgents).toEqual(['gptbot', 'ccbot']);
    expect(isAllowed(file, 'CCBot', '/a')).toBe(false);
    expect(isAllowed(file, 'Other', '/a')).toBe(true);
  });

  it('lets the longest matching rule win', () => {
    const file = robots('User-agent: *\nDisallow: /\nAllow: /products/\nDisallow: /products/private\n');
    expect(isAllowed(file, 'x', '/about')).toBe(false);
    expect(isAllowed(file, 'x', '/products/shoe')).toBe(true);
    expect(isAllowed(file, 'x', '/products/private/1')).toBe(false);
  });

  it('lets Allow win a tie of equal length, regardless of order', () => {
    for (const body of ['User-agent: *\nDisallow: /page\nAllow: /page\n', 'User-agent: *\nAllow: /page\nDisallow: /page\n']) {
      expect(isAllowed(robots(body), 'x', '/page')).toBe(true);
    }
    // A wildcard pattern counts its own octets: /*.html (7) beats /page (5).
    expect(isAllowed(robots('User-agent: *\nAllow: /page\nDisallow: /*.html\n'), 'x', '/page.html')).toBe(false);
  });

  it('supports * and the end anchor $', () => {
    const file = robots('User-agent: *\nDisallow: /*.php$\nDisallow: /*?sort=\n');
    expect(isAllowed(file, 'x', '/index.php')).toBe(false);
    expect(isAllowed(file, 'x', '/index.php?x=1')).toBe(true);
    expect(isAllowed(file, 'x', '/c/shoes?sort=price')).toBe(false);
    expect(isAllowed(file, 'x', '/c/shoes')).toBe(true);
  });

  it('treats an empty Disallow as allow-all', () => {
    expect(isAllowed(robots('User-agent: *\nDisallow:\n'), 'x', '/anything')).toBe(true);
  });

  it('normalises percent-encoding before comparing (RFC 9309 §2.2.2)', () => {
    const file = robots('User-agent: *\nDisallow: /foo/bar/baz\nDisallow: /%7Euser\nDisallow: /a%2fb\nDisallow: /café\n');
    expect(isAllowed(file, 'x', '/foo/bar/%62%61%7A')).toBe(false);
    expect(isAllowed(file, 'x', '/~user/x')).toBe(false);
    expect(isAllowed(file, 'x', '/a%2Fb')).toBe(false);
    expect(isAllowed(file, 'x', '/a/b')).toBe(true);
    expect(isAllowed(file, 'x', '/caf%C3%A9')).toBe(false);
    expect(isAllowed(file, 'x', 'https://shop.example/caf%c3%a9?x')).toBe(false);
  });

  it('always allows /robots.txt itself', () => {
    expect(isAllowed(robots('User-agent: *\nDisallow: /\n'), 'x', '/robots.txt')).toBe(true);
  });

  it('applies no rules when no group matches and there is no * group', () => {
    const verdict = evaluatePath(robots('User-agent: GPTBot\nDisallow: /\n'), 'Googlebot', '/');
    expect(verdict).toEqual({ path: '/', allowed: true, rule: null });
  });

  it('reports the deciding rule', () => {
    const verdict = evaluatePath(robots('User-agent: *\nDisallow: /cart\n'), 'x', '/cart/1');
    expect(verdict.allowed).toBe(false);
    expect(verdict.rule).toEqual({ allow: false, pattern: '/cart', line: 2 });
  });

  it('does not backtrack exponentially on hostile wildcard patterns', () => {
    const file = robots(`User-agent: *\nDisallow: /${'*a'.repeat(30)}b\n`);
    expect(isAllowed(file, 'x', `/${'a'.repeat(5000)}`)).toBe(true);
  });
});

describe('parseRobotsTxt: status and soft 404', () => {
  it('treats 4xx and left-over redirects as allow-all', () => {
    for (const status of [404, 403, 410, 301]) {
      const file = parseRobotsTxt({ status });
      expect(file.effect).toBe('allow_all');
      expect(file.source).toBe('not_found');
      expect(isAllowed(file, 'GPTBot', '/')).toBe(true);
    }
  });

  it('treats 5xx and unreachable as disallow-all', () => {
    for (const status of [500, 503, 'unreachable'] as const) {
      const file = parseRobotsTxt({ status });
      expect(file.effect).toBe('disallow_all');
      expect(file.source).toBe('unreachable');
      expect(evaluateAgents(file, []).allAiSearchDisallowedFromRoot).toBe(true);
    }
  });

  it('reports 429 as rate limited and inconclusive, so no score cap follows from it', () => {
    const file = parseRobotsTxt({ status: 429 });
    expect(file.source).toBe('rate_limited');
    expect(isAllowed(file, 'Googlebot', '/')).toBe(false);
    const evaluation = evaluateAgents(file, []);
    expect(evaluation.conclusive).toBe(false);
    expect(evaluation.allAiSearchDisallowedFromRoot).toBe(false);
  });

  it('treats an HTML page served with 200 as a soft 404 (absent, allow-all)', () => {
    const file = parseRobotsTxt({
      status: 200,
      body: '<!DOCTYPE html><html><head><title>Shop</title></head><body>User-agent: *\nDisallow: /</body></html>',
      contentType: 'text/html',
    });
    expect(file.source).toBe('soft_404');
    expect(file.effect).toBe('allow_all');
    expect(file.groups).toEqual([]);
    expect(file.problems[0]).toMatch(/soft 404/);
  });

  it('reports whether the file was served as text/plain', () => {
    expect(robots('User-agent: *\nAllow: /\n').servedAsText).toBe(true);
    const octet = robots('User-agent: *\nAllow: /\n', 'application/octet-stream');
    expect(octet.servedAsText).toBe(false);
    expect(octet.problems).toContain('robots.txt is not served as text/plain');
  });

  it('ignores a leading byte-order mark', () => {
    expect(isAllowed(robots('\uFEFFUser-agent: *\nDisallow: /\n'), 'x', '/a')).toBe(false);
  });
});

describe('parseRobotsTxt: sitemaps and problems', () => {
  it('extracts absolute Sitemap URLs, deduplicated, and rejects relative ones', () => {
    const file = robots(
      'Sitemap: https://shop.example/sitemap.xml\nsitemap: https://shop.example/sitemap.xml\n' +
        'SITEMAP: http://shop.example/products.xml.gz\nSitemap: /relative.xml\nUser-agent: *\nAllow: /\n',
    );
    expect(file.sitemaps).toEqual(['https://shop.example/sitemap.xml', 'http://shop.example/products.xml.gz']);
    expect(file.problems.some((p) => p.includes('/relative.xml'))).toBe(true);
  });

  it('reports lines without a colon, rules outside groups and unknown directives', () => {
    const file = robots('Disallow: /x\nthis is not robots\nUser-agent: *\nNoindex: /y\nCrawl-delay: 5\n');
    expect(file.problems).toEqual([
      'line 1: disallow rule before any User-agent line is ignored',
      'line 2: not a "key: value" line',
      'line 4: unknown directive "Noindex"',
    ]);
    expect(isAllowed(file, 'x', '/x')).toBe(true);
  });
});

describe('evaluateAgents', () => {
  it('exports the rubric agent lists as data', () => {
    expect(AI_SEARCH_AGENTS.map((a) => a.token)).toEqual([
      'OAI-SearchBot',
      'ChatGPT-User',
      'Claude-SearchBot',
      'Claude-User',
      'PerplexityBot',
      'Perplexity-User',
      'Applebot',
      'Amzn-SearchBot',
      'Amzn-User',
      'DuckAssistBot',
      'Bingbot',
      'Googlebot',
      'Google-Agent',
      'MistralAI-User',
      'MistralAI-Index',
      'Meta-WebIndexer',
      'Meta-ExternalFetcher',
    ]);
    expect(OTHER_AI_AGENTS.map((a) => a.token)).toEqual(['OAI-AdsBot', 'GoogleOther', 'Google-CloudVertexBot', 'Amazonbot']);
    expect(OTHER_AI_AGENTS.every((a) => a.category === 'other' && a.assistant === null)).toBe(true);
    expect(TRAINING_AGENTS.map((a) => a.token)).toEqual([
      'GPTBot',
      'ClaudeBot',
      'Google-Extended',
      'Applebot-Extended',
      'CCBot',
      'meta-externalagent',
      'Bytespider',
    ]);
  });

  it('gives per-agent verdicts on / and on each sampled path', () => {
    const file = robots('User-agent: *\nDisallow: /checkout\n\nUser-agent: GPTBot\nDisallow: /\n');
    const evaluation = evaluateAgents(file, ['/products/shoe', 'https://shop.example/checkout/1']);
    expect(evaluation.agents).toHaveLength(AI_SEARCH_AGENTS.length + TRAINING_AGENTS.length + OTHER_AI_AGENTS.length);
    const googlebot = evaluation.agents.find((a) => a.agent === 'Googlebot');
    expect(googlebot).toMatchObject({ category: 'ai_search', group: 'wildcard', allowedOnRoot: true });
    expect(googlebot?.paths.map((p) => [p.path, p.allowed])).toEqual([
      ['/products/shoe', true],
      ['/checkout/1', false],
    ]);
    const gptbot = evaluation.agents.find((a) => a.agent === 'GPTBot');
    expect(gptbot).toMatchObject({ category: 'training', group: 'specific', allowedOnRoot: false });
    expect(evaluation.allAiSearchDisallowedFromRoot).toBe(false);
  });

  it('flags when every AI search agent is disallowed from /', () => {
    const evaluation = evaluateAgents(robots('User-agent: *\nDisallow: /\n'), []);
    expect(evaluation.allAiSearchDisallowedFromRoot).toBe(true);
  });

  it('does not flag the cap when a single AI search agent may still read /', () => {
    const evaluation = evaluateAgents(robots('User-agent: *\nDisallow: /\n\nUser-agent: PerplexityBot\nAllow: /\n'), []);
    expect(evaluation.allAiSearchDisallowedFromRoot).toBe(false);
  });

  it('does not count blocked training crawlers toward the cap', () => {
    const body = TRAINING_AGENTS.map((a) => `User-agent: ${a.token}`).join('\n') + '\nDisallow: /\n';
    const evaluation = evaluateAgents(robots(body), []);
    expect(evaluation.allAiSearchDisallowedFromRoot).toBe(false);
    expect(evaluation.agents.filter((a) => a.category === 'training').every((a) => !a.allowedOnRoot)).toBe(true);
  });
});

describe('robots properties', () => {
  const segment = fc.stringMatching(/^[a-z0-9]{1,6}$/);
  const path = fc.array(segment, { minLength: 1, maxLength: 5 }).map((parts) => `/${parts.join('/')}`);

  it('allows a path equal to an Allow rule longer than every Disallow rule', () => {
    fc.assert(
      fc.property(path, fc.array(path, { maxLength: 6 }), fc.boolean(), (allowPath, disallows, allowFirst) => {
        const shorter = disallows.filter((d) => d.length < allowPath.length);
        const rules = [`Allow: ${allowPath}`, ...shorter.map((d) => `Disallow: ${d}`), 'Disallow: /'];
        if (!allowFirst) rules.reverse();
        expect(isAllowed(robots(`User-agent: *\n${rules.join('\n')}\n`), 'AnyBot', allowPath)).toBe(true);
      }),
    );
  });

  it('treats percent-encoded unreserved characters like the characters themselves', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9._~-]{1,12}$/), (name) => {
        const encoded = [...name].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');
        const file = robots(`User-agent: *\nDisallow: /${name}\n`);
        expect(isAllowed(file, 'x', `/${encoded}`)).toBe(false);
      }),
    );
  });

  it('matches a wildcard-free pattern exactly when it is a prefix of the path', () => {
    fc.assert(
      fc.property(path, path, (rule, candidate) => {
        const file = robots(`User-agent: *\nDisallow: ${rule}\n`);
        expect(isAllowed(file, 'x', candidate)).toBe(!candidate.startsWith(rule));
      }),
    );
  });
});

describe('parseRobotsTxt: Agentmap (ARD) and License (RSL) lines', () => {
  // The shape a shop platform with AI-crawl controls and an ARD catalog serves in late 2026.
  const realistic = [
    '# As a condition of accessing this website, you agree to abide by the following',
    '# content signals and the licensing terms linked below.',
    'License: https://shop.example/license.xml',
    '',
    'User-agent: *',
    'Content-Signal: search=yes, ai-train=no',
    'Allow: /',
    'Disallow: /checkout',
    'Agentmap: https://shop.example/.well-known/ai-catalog.json',
    '',
    'User-agent: GPTBot',
    'Disallow: /',
    'License: https://licensing.example.org/rsl/shop-example.xml',
    '',
    'Sitemap: https://shop.example/sitemap.xml',
    'Agentmap: https://shop.example/.well-known/ai-catalog.json',
    'Agentmap: /.well-known/ard.json',
    'License: license.xml',
    '',
  ].join('\n');

  it('records absolute URLs whatever group they sit in, deduplicated, in file order', () => {
    const file = robots(realistic);
    expect(file.agentmaps).toEqual(['https://shop.example/.well-known/ai-catalog.json']);
    expect(file.licenses).toEqual(['https://shop.example/license.xml', 'https://licensing.example.org/rsl/shop-example.xml']);
    expect(file.sitemaps).toEqual(['https://shop.example/sitemap.xml']);
  });

  it('reports relative or invalid URLs as problems instead of unknown directives', () => {
    const file = robots(realistic);
    expect(file.problems).toEqual([
      'line 17: Agentmap "/.well-known/ard.json" is not an absolute http(s) URL',
      'line 18: License "license.xml" is not an absolute http(s) URL',
    ]);
    expect(robots('License: https://\nAgentmap: ftp://shop.example/a.json\n').problems).toEqual([
      'line 1: License "https://" is not an absolute http(s) URL',
      'line 2: Agentmap "ftp://shop.example/a.json" is not an absolute http(s) URL',
    ]);
  });

  it('does not let either line end a group or change what the group allows', () => {
    const file = robots(realistic);
    expect(isAllowed(file, 'GPTBot', '/products/mug')).toBe(false);
    expect(isAllowed(file, 'OAI-SearchBot', '/checkout/1')).toBe(false);
    expect(isAllowed(file, 'OAI-SearchBot', '/products/mug')).toBe(true);
  });

  it('has none when there is no file', () => {
    const missing = parseRobotsTxt({ status: 404, body: 'Not Found' });
    expect(missing.agentmaps).toEqual([]);
    expect(missing.licenses).toEqual([]);
  });
});
