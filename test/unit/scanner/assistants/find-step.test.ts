/**
 * The find step per assistant, on robots.txt files written the way shops write them. Each vendor's agents come
 * from KNOWN_AGENTS (robots-agents.ts), evaluated per RFC 9309 by robots.ts.
 */
import { describe, expect, it } from 'vitest';
import { assistantIds } from '#shared/model/scans/scan-result.js';
import { cloudflareChallenge, homepage, productPage } from '#test/unit/scanner/checks/agent-access/fixtures.js';
import { findStatuses, runAssistants, stepOf } from '#test/unit/scanner/assistants/run-assistants.js';

const everyone = (status: string) => Object.fromEntries(assistantIds.map((id) => [id, status]));
const product = { url: 'https://shop.example/products/walnut-desk', body: productPage };

/** A shop that opts out of AI training and keeps every crawler out of its cart and account pages. */
const TRAINING_OPT_OUT = `# We do not allow our content to be used to train AI models.
User-agent: GPTBot
User-agent: ClaudeBot
User-agent: Google-Extended
User-agent: Applebot-Extended
User-agent: CCBot
User-agent: Bytespider
User-agent: meta-externalagent
Disallow: /

User-agent: *
Disallow: /cart
Disallow: /checkout
Disallow: /account
Allow: /

Sitemap: https://shop.example/sitemap.xml
`;

describe('the find step', () => {
  it('lets every assistant find a shop that blocks only training crawlers', () => {
    const { assistants, byId } = runAssistants({ homepage, robots: TRAINING_OPT_OUT, products: [product] });
    expect(findStatuses(assistants)).toEqual(everyone('pass'));
    expect(assistants.every((record) => record.verdict !== 'blocked')).toBe(true);
    expect(stepOf(byId('chatgpt'), 'find').reason).toBe(
      'robots.txt lets OAI-SearchBot and ChatGPT-User in on / and 1 sampled product page, and no bot wall turns agents away',
    );
  });

  it('blocks only the vendor whose search and user agents are disallowed', () => {
    const robots = `User-agent: PerplexityBot
User-agent: Perplexity-User
Disallow: /

User-agent: *
Disallow: /cart
Disallow: /checkout
`;
    const { assistants, byId } = runAssistants({ homepage, robots, products: [product] });
    expect(findStatuses(assistants)).toEqual({ ...everyone('pass'), perplexity: 'fail' });
    const perplexity = byId('perplexity');
    expect(perplexity.verdict).toBe('blocked');
    expect(stepOf(perplexity, 'find').reason).toBe(
      "robots.txt keeps PerplexityBot out of /, so the shop is not in Perplexity's search; robots.txt keeps Perplexity-User out of /, but Perplexity says Perplexity-User may ignore robots.txt when a person asks: robots.txt does not reliably control those visits",
    );
    expect(stepOf(perplexity, 'find').checks).toContain('robots_ai_agents');
    expect(perplexity.firstFix).toBe('robots_ai_agents');
  });

  it('lets only the allowed vendor in when the * group disallows everything', () => {
    const robots = `User-agent: *
Disallow: /

User-agent: OAI-SearchBot
User-agent: ChatGPT-User
Allow: /
Disallow: /checkout
`;
    const { assistants } = runAssistants({ homepage, robots, products: [product] });
    expect(findStatuses(assistants)).toEqual({ ...everyone('fail'), chatgpt: 'pass' });
    expect(assistants.filter((record) => record.verdict !== 'blocked').map((record) => record.id)).toEqual(['chatgpt']);
  });

  it('blocks every assistant behind a bot wall on the homepage, whatever robots.txt allows', () => {
    const { assistants } = runAssistants({ homepage: cloudflareChallenge, robots: 'User-agent: *\nAllow: /\n' });
    expect(findStatuses(assistants)).toEqual(everyone('fail'));
    for (const record of assistants) {
      expect(record.verdict).toBe('blocked');
      expect(record.firstFix).toBe('bot_wall');
      expect(stepOf(record, 'find').reason).toMatch(/^A bot wall turns agents away from the homepage .*, so .* cannot reach the shop$/);
    }
  });

  it('judges Copilot by Bingbot, both ways', () => {
    const bingOut = runAssistants({ homepage, robots: 'User-agent: Bingbot\nDisallow: /\n\nUser-agent: *\nAllow: /\n' });
    expect(findStatuses(bingOut.assistants)).toEqual({ ...everyone('pass'), copilot: 'fail' });
    expect(stepOf(bingOut.byId('copilot'), 'find').reason).toBe(
      "robots.txt keeps Bingbot out of /, so the shop is not in Microsoft Copilot's search",
    );

    const onlyBing = runAssistants({ homepage, robots: 'User-agent: *\nDisallow: /\n\nUser-agent: bingbot\nAllow: /\n' });
    expect(findStatuses(onlyBing.assistants)).toEqual({ ...everyone('fail'), copilot: 'pass' });
  });

  it('warns when only product pages are disallowed: the shop is found, its products are not', () => {
    const robots = 'User-agent: *\nDisallow: /products/\nDisallow: /cart\n';
    const { assistants, byId } = runAssistants({ homepage, robots, products: [product] });
    expect(findStatuses(assistants)).toEqual(everyone('warn'));
    expect(stepOf(byId('claude'), 'find').reason).toBe(
      "robots.txt lets Claude-SearchBot in on / but keeps Claude-SearchBot out of 1 sampled product page (/products/walnut-desk), so those pages stay out of Claude's search; robots.txt lets Claude-User in on / but keeps Claude-User out of 1 sampled product page (/products/walnut-desk), so Claude cannot open those pages when a person asks",
    );
    expect(assistants.every((record) => record.verdict !== 'blocked')).toBe(true);
  });

  it('fails find when the search agent is kept out, even though the user agent still visits when asked', () => {
    const robots = 'User-agent: Amzn-SearchBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n';
    const { assistants, byId } = runAssistants({ homepage, robots });
    expect(findStatuses(assistants)).toEqual({ ...everyone('pass'), amazon: 'fail' });
    expect(stepOf(byId('amazon'), 'find').reason).toBe(
      "robots.txt keeps Amzn-SearchBot out of /, so the shop is not in Amazon's search; Amzn-User still visits when a person asks",
    );
  });

  it('never lets a training-only or other-purpose token decide, even when it is the only group', () => {
    const robots = 'User-agent: GPTBot\nUser-agent: Google-Extended\nUser-agent: CCBot\nUser-agent: OAI-AdsBot\nDisallow: /\n';
    const { assistants } = runAssistants({ homepage, robots });
    expect(findStatuses(assistants)).toEqual(everyone('pass'));
  });

  it('blocks everyone on a 5xx robots.txt, which RFC 9309 reads as disallow all, and lets everyone in on a 404', () => {
    const broken = runAssistants({ homepage, robots: { status: 503, body: 'Service Unavailable' } });
    expect(findStatuses(broken.assistants)).toEqual(everyone('fail'));
    expect(stepOf(broken.byId('google'), 'find').reason).toBe(
      'robots.txt answered HTTP 503: per RFC 9309 Googlebot and Google-Agent must then treat the whole shop as disallowed, so Google cannot find it',
    );

    const missing = runAssistants({ homepage });
    expect(findStatuses(missing.assistants)).toEqual(everyone('pass'));
    expect(stepOf(missing.byId('meta'), 'find').reason).toMatch(
      /^No robots\.txt \(HTTP 404\), so Meta-WebIndexer and Meta-ExternalFetcher may crawl the whole shop/,
    );
  });

  it('warns, never blocks, when robots.txt answered the scanner 429 but the homepage answered', () => {
    const { assistants, byId } = runAssistants({ homepage, robots: { status: 429, body: 'Too Many Requests' } });
    expect(findStatuses(assistants)).toEqual(everyone('warn'));
    expect(stepOf(byId('chatgpt'), 'find').reason).toMatch(
      /^The homepage answers, but robots\.txt answered 429 .*: whether it admits OAI-SearchBot and ChatGPT-User is unknown$/,
    );
  });

  it('is not assessed, and the verdict says blocked with "Not checked", when neither robots.txt nor the homepage could be read', () => {
    const { assistants, byId } = runAssistants({ homepage: { failed: 'timeout' }, robots: { failed: 'timeout' } });
    expect(findStatuses(assistants)).toEqual(everyone('not_assessed'));
    expect(byId('claude').verdict).toBe('blocked');
    expect(stepOf(byId('claude'), 'find').reason).toMatch(
      /^Not checked, so Claude's verdict stops before this step: robots\.txt could not be checked: /,
    );
  });

  it('warns every assistant with a search crawler about a noindex homepage (Meta too, through Meta-WebIndexer)', () => {
    const noindex = homepage.replace('<title>', '<meta name="robots" content="noindex"><title>');
    const { assistants, byId } = runAssistants({ homepage: noindex, robots: 'User-agent: *\nAllow: /\n' });
    const statuses = findStatuses(assistants);
    // Meta documents Meta-WebIndexer as the crawler behind Meta AI's search, so Meta AI is a search-index assistant too.
    expect(statuses.meta).toBe('warn');
    expect(statuses.google).toBe('warn');
    expect(statuses.chatgpt).toBe('warn');
    expect(stepOf(byId('google'), 'find').reason).toMatch(/^Google finds shops through a search index, and the homepage says noindex/);
    expect(byId('google').firstFix).not.toBeNull();
  });

  it('lets Apple find a shop that disallows everyone but Googlebot, as Apple documents, and blocks the rest', () => {
    const robots = 'User-agent: Googlebot\nDisallow: /checkout/\nAllow: /\n\nUser-agent: *\nDisallow: /\n';
    const { assistants, byId } = runAssistants({ homepage, robots, products: [product] });
    const statuses = findStatuses(assistants);
    expect(statuses.apple).toBe('pass');
    // Google-Agent falls to the `*` group, but Google says its user-triggered fetchers generally ignore robots.txt.
    expect(statuses.google).toBe('pass');
    expect(statuses.chatgpt).toBe('fail');
    expect(statuses.meta).toBe('fail');
    expect(stepOf(byId('apple'), 'find').reason).toBe(
      'robots.txt lets Applebot in on / and 1 sampled product page (Applebot follows the Googlebot group, as Apple documents), and no bot wall turns agents away',
    );
    expect(stepOf(byId('google'), 'find').reason).toBe(
      'robots.txt lets Googlebot in on / and 1 sampled product page, and no bot wall turns agents away; robots.txt keeps Google-Agent out of /, but Google says Google-Agent may ignore robots.txt when a person asks: robots.txt does not reliably control those visits',
    );
  });

  it('judges Apple by its own group once robots.txt has one, whatever the Googlebot group says', () => {
    const robots = 'User-agent: Googlebot\nAllow: /\n\nUser-agent: Applebot\nDisallow: /\n\nUser-agent: *\nAllow: /\n';
    const { assistants, byId } = runAssistants({ homepage, robots });
    expect(findStatuses(assistants).apple).toBe('fail');
    expect(stepOf(byId('apple'), 'find').reason).toBe("robots.txt keeps Applebot out of /, so the shop is not in Apple's search");
  });

  it("fails Meta AI's find step when Meta's search crawler is kept out, its user fetcher still let in", () => {
    const robots = 'User-agent: Meta-WebIndexer\nDisallow: /\n\nUser-agent: *\nAllow: /\n';
    const { assistants, byId } = runAssistants({ homepage, robots });
    expect(findStatuses(assistants).meta).toBe('fail');
    expect(stepOf(byId('meta'), 'find').reason).toBe(
      "robots.txt keeps Meta-WebIndexer out of /, so the shop is not in Meta AI's search; Meta-ExternalFetcher still visits when a person asks",
    );
  });

  it('keeps Amazon out of its search when Amzn-SearchBot is kept out, Amzn-User still let in', () => {
    const robots = 'User-agent: Amzn-SearchBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n';
    const { assistants, byId } = runAssistants({ homepage, robots });
    expect(findStatuses(assistants).amazon).toBe('fail');
    expect(stepOf(byId('amazon'), 'find').reason).toBe(
      "robots.txt keeps Amzn-SearchBot out of /, so the shop is not in Amazon's search; Amzn-User still visits when a person asks",
    );
  });
});
