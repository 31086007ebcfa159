import type { Artifacts, PageArtifact } from '#shared/scanner/artifacts.js';
import type { Advice, CheckDefinition, CheckOutcome } from '#shared/scanner/checks/types.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import type { BotWallVendor } from '#shared/scanner/parse/bot-wall-detector.js';
import { resourceOf, retrievalProblem, scannedPages, vendorNames } from '#shared/scanner/checks/read-artifacts.js';
import { listNames, pageLabel, plural, quoteEvidence } from '#shared/scanner/checks/wording.js';

function vendorOf(page: PageArtifact): string {
  return page.botWall.vendor ? vendorNames[page.botWall.vendor] : 'bot protection';
}

/**
 * A wall on the homepage fails outright; walls on product pages only score the share of pages
 * that answered with their content. Rate-limited (429) pages say nothing either way.
 */
function evaluate(artifacts: Artifacts): CheckOutcome {
  const fetched = scannedPages(artifacts).filter((page) => resourceOf(page.retrieval) !== null);
  if (fetched.length === 0) {
    const problem = retrievalProblem(artifacts.homepage.retrieval) ?? 'not fetched';
    return outcome.notAssessed(`The homepage could not be checked for a bot wall: ${problem}`, [evidence(artifacts.homepage.url, problem)]);
  }
  const walled = fetched.filter((page) => page.botWall.kind === 'wall');
  const limited = fetched.filter((page) => page.botWall.kind === 'rate_limited');
  const clear = fetched.filter((page) => page.botWall.kind === 'none');
  const found = [...walled, ...limited].map((page) =>
    evidence(page.url, `${page.botWall.kind === 'wall' ? vendorOf(page) : 'rate limited'}: ${page.botWall.evidence ?? ''}`),
  );

  if (walled.length === 0 && clear.length === 0) {
    return outcome.notAssessed('The site rate limited the scanner (HTTP 429), so a bot wall could not be ruled out', found);
  }
  if (walled.length === 0) {
    return outcome.pass(`No bot wall: ${listNames(clear.map(pageLabel))} answered with ${clear.length === 1 ? 'its' : 'their'} content`, [
      ...clear.map((page) => evidence(page.url, 'no challenge or block page')),
      ...found,
    ]);
  }
  const vendors = listNames([...new Set(walled.map(vendorOf))]);
  const homepageWalled = walled.some((page) => page.kind === 'homepage');
  if (homepageWalled) {
    const wall = artifacts.homepage.botWall;
    if (!wall.vendor) return outcome.fail(`The homepage turns agents away (${wall.evidence ?? 'refused'})`, found);
    return outcome.fail(`A ${vendors} bot wall blocks agents from the homepage (${wall.evidence ?? 'challenge page'})`, found);
  }
  return outcome.fraction(
    clear.length / (clear.length + walled.length),
    `A ${vendors} bot wall blocks agents from ${plural(walled.length, 'product page')} (${listNames(walled.map(pageLabel), 3)})`,
    found,
  );
}

const vendorFixes: Record<BotWallVendor, string> = {
  cloudflare:
    'In Cloudflare, Security > Bots: allow verified bots, switch off "Block AI bots" for search and assistant agents, and add a WAF custom rule that skips challenges for verified AI search and assistant bots.',
  datadome:
    'In DataDome, allow the verified search and AI assistant bots (Bot Management > allow-listed bots) instead of sending them to the captcha.',
  perimeterx: 'In HUMAN (PerimeterX), add the verified AI search and assistant agents to the allow list so they skip "Press & Hold".',
  imperva: 'In Imperva, allow the good-bot categories for search engines and AI assistants in the Bot Protection policy.',
  kasada:
    'In Kasada, allow verified AI search and assistant agents (by their published IP ranges or signed requests) instead of challenging them.',
  akamai: 'In Akamai Bot Manager, set the "AI search" and "AI assistant" bot categories to Allow or Monitor instead of Deny.',
};

function advise(result: CheckOutcome, artifacts: Artifacts): Advice {
  const vendors = [
    ...new Set(
      scannedPages(artifacts).flatMap((page) => (page.botWall.kind === 'wall' && page.botWall.vendor ? [page.botWall.vendor] : [])),
    ),
  ];
  const vendorFix = vendors.map((vendor) => vendorFixes[vendor]).join(' ');
  return {
    title: 'Let AI shopping agents past your bot protection',
    why: `Agents that hit a challenge page read nothing and cannot buy: ${quoteEvidence(result.evidence)}.`,
    fix: `${vendorFix || 'Allow verified AI search and assistant agents in your bot protection, CDN or server rules instead of refusing or challenging them (a 401, 403 or 429 to an agent that names itself is a closed door).'} Keep challenges for unverified traffic; verify agents by their published IP ranges or Web Bot Auth signatures.`,
    snippet: vendors.includes('cloudflare')
      ? '# Cloudflare WAF custom rule, action: Skip (all remaining custom rules, Super Bot Fight Mode)\n(cf.verified_bot_category in {"Search Engine Crawler" "AI Search" "AI Assistant"})'
      : null,
    effort: 'M',
  };
}

export const botWall: CheckDefinition = {
  id: 'bot_wall',
  dimension: 'agent_access',
  title: 'No bot wall in front of agents',
  points: 5,
  evaluate,
  advise,
};
