/**
 * The vendors' own robots.txt rules (decision 104): documented fallbacks between tokens and the tokens added in
 * late 2026, on robots.txt files written the way shops write them.
 */
import { describe, expect, it } from 'vitest';
import { appliedGroup, evaluateAgents, evaluatePath, fallbackTokens, isAllowed, parseRobotsTxt } from '#shared/scanner/parse/robots.js';
import type { RobotsTxt } from '#shared/scanner/parse/robots.js';

function robots(body: string): RobotsTxt {
  return parseRobotsTxt({ status: 200, body, contentType: 'text/plain' });
}

/** A shop that lets only Google's crawler in and turns every other robot away. */
const GOOGLE_ONLY = `# Only Google may index this shop.
User-agent: Googlebot
Disallow: /checkout/
Disallow: /account/
Allow: /

User-agent: *
Disallow: /
`;

/** The same shop after it gave Applebot a group of its own that keeps it out of the catalogue. */
const APPLE_GROUP_OF_ITS_OWN = `User-agent: Googlebot
Allow: /

User-agent: Applebot
Disallow: /collections/
Disallow: /products/

User-agent: *
Disallow: /
`;

describe('documented fallbacks between tokens', () => {
  it('lets Applebot follow the Googlebot group when no group names Applebot (Apple documents it)', () => {
    const file = robots(GOOGLE_ONLY);
    expect(isAllowed(file, 'Applebot', '/products/oak-stool')).toBe(true);
    expect(evaluatePath(file, 'Applebot', '/checkout/step-1')).toMatchObject({ allowed: false, rule: { pattern: '/checkout/', line: 3 } });
    expect(appliedGroup(file, 'Applebot')).toEqual({ group: 'fallback', via: 'Googlebot' });
    // Everyone else without a group of their own still gets the `*` group.
    expect(isAllowed(file, 'OAI-SearchBot', '/')).toBe(false);
    expect(isAllowed(file, 'Applebot-Extended', '/')).toBe(false);
    const applebot = evaluateAgents(file, ['/']).agents.find((verdict) => verdict.agent === 'Applebot');
    expect(applebot).toMatchObject({ group: 'fallback', via: 'Googlebot', allowedOnRoot: true });
  });

  it('ignores the Googlebot group for Applebot once Applebot has a group of its own', () => {
    const file = robots(APPLE_GROUP_OF_ITS_OWN);
    expect(appliedGroup(file, 'Applebot')).toEqual({ group: 'specific' });
    expect(isAllowed(file, 'Applebot', '/')).toBe(true);
    expect(isAllowed(file, 'Applebot', '/products/oak-stool')).toBe(false);
    expect(isAllowed(file, 'Googlebot', '/products/oak-stool')).toBe(true);
  });

  it('never lets Googlebot follow an Applebot group (the fallback runs one way)', () => {
    const file = robots('User-agent: Applebot\nAllow: /\n\nUser-agent: *\nDisallow: /\n');
    expect(isAllowed(file, 'Applebot', '/')).toBe(true);
    expect(isAllowed(file, 'Googlebot', '/')).toBe(false);
    expect(appliedGroup(file, 'Googlebot')).toEqual({ group: 'wildcard' });
    expect(fallbackTokens('Googlebot')).toEqual([]);
    expect(fallbackTokens('applebot')).toEqual(['googlebot']);
  });

  it('falls back to `*` for Applebot when neither Applebot nor Googlebot is named', () => {
    const file = robots('User-agent: Bingbot\nAllow: /\n\nUser-agent: *\nDisallow: /cart\n');
    expect(appliedGroup(file, 'Applebot')).toEqual({ group: 'wildcard' });
    expect(isAllowed(file, 'Applebot', '/cart')).toBe(false);
    expect(isAllowed(file, 'Applebot', '/')).toBe(true);
  });

  it('keeps Applebot out when the Googlebot group it follows disallows everything, even if `*` allows', () => {
    const file = robots('User-agent: Googlebot\nDisallow: /\n\nUser-agent: *\nAllow: /\n');
    expect(isAllowed(file, 'Applebot', '/')).toBe(false);
    expect(isAllowed(file, 'PerplexityBot', '/')).toBe(true);
  });

  it('merges every Googlebot group Applebot follows, and matches the token case-insensitively', () => {
    const file = robots(
      'user-agent: GOOGLEBOT\nDisallow: /search\n\nUser-agent: *\nDisallow: /\n\nUser-agent: googlebot\nDisallow: /wishlist\n',
    );
    expect(isAllowed(file, 'Applebot', '/search?q=oak')).toBe(false);
    expect(isAllowed(file, 'Applebot', '/wishlist')).toBe(false);
    expect(isAllowed(file, 'Applebot', '/products/oak-stool')).toBe(true);
  });

  it('does not treat Googlebot-Image or Googlebot-News groups as the Googlebot group', () => {
    const file = robots('User-agent: Googlebot-Image\nAllow: /\n\nUser-agent: *\nDisallow: /\n');
    expect(isAllowed(file, 'Applebot', '/')).toBe(false);
    expect(appliedGroup(file, 'Applebot')).toEqual({ group: 'wildcard' });
  });
});

describe('tokens added from the vendors pages', () => {
  /** A shop that keeps Meta's search crawler out but answers Meta AI when a person asks. */
  const META_SEARCH_BLOCKED = `User-agent: meta-webindexer
User-agent: meta-externalagent
Disallow: /

User-agent: *
Disallow: /checkout
`;

  it("evaluates Meta's search crawler (Meta-WebIndexer) apart from its user fetcher", () => {
    const verdicts = evaluateAgents(robots(META_SEARCH_BLOCKED), ['/']).agents;
    const byToken = (token: string) => verdicts.find((verdict) => verdict.agent === token);
    expect(byToken('Meta-WebIndexer')).toMatchObject({ category: 'ai_search', group: 'specific', allowedOnRoot: false });
    expect(byToken('Meta-ExternalFetcher')).toMatchObject({ category: 'ai_search', group: 'wildcard', allowedOnRoot: true });
    expect(byToken('meta-externalagent')).toMatchObject({ category: 'training', allowedOnRoot: false });
  });

  it("evaluates Google-Agent, the token for actions users ask of Google's agents, apart from Googlebot", () => {
    const file = robots('User-agent: Google-Agent\nDisallow: /checkout/\nDisallow: /account/\n\nUser-agent: *\nAllow: /\n');
    expect(isAllowed(file, 'Google-Agent', '/checkout/payment')).toBe(false);
    expect(isAllowed(file, 'Google-Agent', '/products/oak-stool')).toBe(true);
    expect(isAllowed(file, 'Googlebot', '/checkout/payment')).toBe(true);
    const verdict = evaluateAgents(file, ['/']).agents.find((entry) => entry.agent === 'Google-Agent');
    expect(verdict).toMatchObject({ category: 'ai_search', group: 'specific' });
  });

  it("evaluates Amazon's search agent (Amzn-SearchBot) apart from Amzn-User and Amazonbot", () => {
    const file = robots('User-agent: Amazonbot\nUser-agent: Amzn-SearchBot\nDisallow: /\n\nUser-agent: Amzn-User\nAllow: /\n');
    const verdicts = evaluateAgents(file, ['/']).agents;
    const byToken = (token: string) => verdicts.find((verdict) => verdict.agent === token);
    expect(byToken('Amzn-SearchBot')).toMatchObject({ category: 'ai_search', allowedOnRoot: false });
    expect(byToken('Amzn-User')).toMatchObject({ category: 'ai_search', allowedOnRoot: true });
    expect(byToken('Amazonbot')).toMatchObject({ category: 'other', allowedOnRoot: false });
  });
});
