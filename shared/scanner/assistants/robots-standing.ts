import type { Artifacts } from '#shared/scanner/artifacts.js';
import type { RobotsStanding } from '#shared/model/scans/scan-result.js';
import { clause } from '#shared/scanner/assistants/judge-step.js';
import { robotsNotAssessed, robotsStatus } from '#shared/scanner/checks/read-artifacts.js';
import { appliedGroup, evaluatePath } from '#shared/scanner/parse/robots.js';
import type { KnownAgent, RobotsTxt } from '#shared/scanner/parse/robots.js';
import { toRobotsPath } from '#shared/scanner/parse/robots-path-match.js';

/** What robots.txt does to a set of agents, with the facts the reasons are written from. */
export type RobotsFacts =
  | { standing: 'no_agent' }
  /** robots.txt could not be read by the scan (not fetched, failed, rate limited): `why` says so. */
  | { standing: 'unknown'; why: string }
  /** robots.txt answered 5xx or could not be reached: RFC 9309 makes the whole site disallowed. */
  | { standing: 'blocked'; unreachable: string }
  | {
      standing: Exclude<RobotsStanding, 'no_agent' | 'unknown'>;
      /** Agents disallowed from `/`. */
      rootBlocked: KnownAgent[];
      /** Sampled product paths an agent kept off `/` may still fetch (`Disallow: /$`). */
      openProductPaths: string[];
      /** Sampled product paths some allowed agent may not fetch, and which agents. */
      blockedPaths: string[];
      pathBlocked: KnownAgent[];
      /** How many sampled product paths were evaluated. */
      productPaths: number;
      /** No robots.txt at all (4xx or a soft 404): everything allowed; `why` says which. */
      absent: string | null;
      /** "Applebot follows the Googlebot group" for agents a documented fallback decided. */
      fallbacks: string[];
    };

function fallbacksOf(parsed: RobotsTxt, agents: readonly KnownAgent[]): string[] {
  return agents.flatMap((agent) => {
    const { group, via } = appliedGroup(parsed, agent.token);
    return group === 'fallback' && via ? [`${agent.token} follows the ${via} group`] : [];
  });
}

/**
 * What robots.txt lets `agents` do, per RFC 9309 as robots.ts evaluates it (the group naming the agent, else
 * the group of its documented fallback token, else `*`; longest match, Allow on ties; 4xx allows all, 5xx and
 * unreachable disallow all), on `/` and on every sampled product page.
 */
export function robotsFacts(agents: readonly KnownAgent[], artifacts: Artifacts): RobotsFacts {
  if (agents.length === 0) return { standing: 'no_agent' };
  const unreadable = robotsNotAssessed(artifacts);
  if (unreadable) return { standing: 'unknown', why: clause(unreadable.summary) };
  const { parsed } = artifacts.site.robots;
  if (parsed.source === 'unreachable') return { standing: 'blocked', unreachable: robotsStatus(parsed) };
  const productPaths = [...new Set(artifacts.productPages.map((page) => toRobotsPath(page.url)))].filter((path) => path !== '/');
  const allows = (agent: KnownAgent, path: string) => evaluatePath(parsed, agent.token, path).allowed;
  const rootBlocked = agents.filter((agent) => !allows(agent, '/'));
  const allowed = agents.filter((agent) => !rootBlocked.includes(agent));
  const blockedPaths = productPaths.filter((path) => allowed.some((agent) => !allows(agent, path)));
  const pathBlocked = allowed.filter((agent) => blockedPaths.some((path) => !allows(agent, path)));
  // `Disallow: /$` keeps an agent off the homepage alone: the sampled product pages it may still fetch keep
  // the shop findable, so only an agent kept off `/` and every sampled product page is blocked.
  const openProductPaths = productPaths.filter((path) => rootBlocked.some((agent) => allows(agent, path)));
  const everywhere = rootBlocked.length === agents.length && openProductPaths.length === 0;
  const standing = everywhere ? 'blocked' : rootBlocked.length > 0 || blockedPaths.length > 0 ? 'partial' : 'allowed';
  const absent = parsed.source === 'file' ? null : parsed.source === 'soft_404' ? 'an HTML page is served instead' : robotsStatus(parsed);
  return {
    standing,
    rootBlocked,
    openProductPaths,
    blockedPaths,
    pathBlocked,
    productPaths: productPaths.length,
    absent,
    fallbacks: fallbacksOf(parsed, agents),
  };
}
