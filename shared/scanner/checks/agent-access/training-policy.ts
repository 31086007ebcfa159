import type { Artifacts } from '#shared/scanner/artifacts.js';
import type { Advice, CheckDefinition, CheckOutcome } from '#shared/scanner/checks/types.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import { OTHER_AI_AGENTS, TRAINING_AGENTS, isAllowed } from '#shared/scanner/parse/robots.js';
import { robotsNotAssessed, robotsStatus } from '#shared/scanner/checks/read-artifacts.js';
import { listNames } from '#shared/scanner/checks/wording.js';

/**
 * Informational (0 points): which training-only crawlers robots.txt lets in, and beside them the vendor
 * crawlers for other jobs (ads review, research, site-owner agents, mixed use). Never penalised.
 */
function evaluate(artifacts: Artifacts): CheckOutcome {
  const notAssessed = robotsNotAssessed(artifacts);
  if (notAssessed) return notAssessed;
  const { url, parsed } = artifacts.site.robots;
  if (parsed.source !== 'file') {
    const meaning =
      parsed.source === 'unreachable'
        ? 'every crawler, training ones included, must treat the site as disallowed'
        : 'training crawlers are allowed by default';
    return outcome.notApplicable(`No usable robots.txt (${robotsStatus(parsed)}): ${meaning}`, [evidence(url, robotsStatus(parsed))]);
  }
  const tokens = TRAINING_AGENTS.map((agent) => agent.token);
  const allowed = tokens.filter((token) => isAllowed(parsed, token, '/'));
  const blocked = tokens.filter((token) => !allowed.includes(token));
  const summary =
    blocked.length === 0
      ? `robots.txt allows every AI training crawler (${listNames(tokens)}); informational, not scored`
      : allowed.length === 0
        ? `robots.txt blocks every AI training crawler (${listNames(tokens)}); informational, not scored`
        : `robots.txt allows ${listNames(allowed)} and blocks ${listNames(blocked)} from training; informational, not scored`;
  const others = OTHER_AI_AGENTS.map((agent) => agent.token);
  const othersAllowed = others.filter((token) => isAllowed(parsed, token, '/'));
  const othersBlocked = others.filter((token) => !othersAllowed.includes(token));
  return outcome.pass(summary, [
    evidence(url, `allowed on /: ${allowed.join(', ') || 'none'}`),
    evidence(url, `blocked from /: ${blocked.join(', ') || 'none'}`),
    evidence(url, `other vendor crawlers allowed on /: ${othersAllowed.join(', ') || 'none'} (not scored)`),
    evidence(url, `other vendor crawlers blocked from /: ${othersBlocked.join(', ') || 'none'} (not scored)`),
  ]);
}

function advise(_result: CheckOutcome, artifacts: Artifacts): Advice {
  return {
    title: 'Decide which AI training crawlers may use your content',
    why: `Training crawlers do not send shoppers; blocking or allowing them at ${artifacts.site.robots.url} is a business choice that does not change this score.`,
    fix: 'Keep AI search and shopping agents allowed; add groups for the training crawlers you want to keep out.',
    snippet: `${TRAINING_AGENTS.map((agent) => `User-agent: ${agent.token}`).join('\n')}\nDisallow: /`,
    effort: 'S',
  };
}

export const trainingPolicy: CheckDefinition = {
  id: 'training_policy',
  dimension: 'agent_access',
  title: 'AI training crawler policy (informational)',
  points: 0,
  evaluate,
  advise,
};
