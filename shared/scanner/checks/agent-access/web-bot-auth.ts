import type { Artifacts } from '#shared/scanner/artifacts.js';
import type { Advice, CheckDefinition, CheckOutcome } from '#shared/scanner/checks/types.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import { retrievalProblem } from '#shared/scanner/checks/read-artifacts.js';
import { answerOf, type AnswerClass } from '#shared/scanner/edge/answer-of.js';

const refusalWords: Record<Exclude<AnswerClass, 'served'>, string> = {
  refused: 'refused it',
  challenged: 'answered it with a challenge page',
  error: 'answered it with an error',
};

/**
 * The scanned page was asked for twice, once unsigned and once signed with the scanner's Web Bot Auth
 * key (RFC 9421, `tag="web-bot-auth"`, the same User-Agent). An edge that serves the unsigned request and
 * refuses the signed one shuts out the agents that prove who they are.
 */
function evaluate(artifacts: Artifacts): CheckOutcome {
  const asked = artifacts.site.webBotAuth;
  if (asked === null) return outcome.notAssessed('This scan sent no signed request (the scanner had no Web Bot Auth key)');
  const unsigned = answerOf(asked.unsigned);
  if (unsigned === null || unsigned.kind !== 'served') {
    const problem = unsigned ? `${unsigned.label}` : (retrievalProblem(asked.unsigned) ?? 'not fetched');
    return outcome.notAssessed(`The unsigned request was not served (${problem}), so a signed one could not be compared with it`, [
      evidence(asked.url, `unsigned: ${problem}`),
    ]);
  }
  if (asked.signed === null)
    return outcome.notAssessed('The signed request was not sent', [evidence(asked.url, `unsigned: ${unsigned.label}`)]);
  const signed = answerOf(asked.signed);
  if (signed === null) {
    const problem = retrievalProblem(asked.signed) ?? 'not fetched';
    return outcome.notAssessed(`The signed request got no answer (${problem})`, [
      evidence(asked.url, `unsigned: ${unsigned.label}; signed: ${problem}`),
    ]);
  }
  const found = [evidence(asked.url, `unsigned: ${unsigned.label}; signed (Web Bot Auth): ${signed.label}`)];
  if (signed.kind === 'served') {
    return outcome.pass(`The site served a Web Bot Auth signed request as it served the unsigned one (${signed.label})`, found);
  }
  return outcome.fail(
    `The site ${refusalWords[signed.kind]} when the scanner signed its request (Web Bot Auth): ${signed.label} to the signed request, ${unsigned.label} to the unsigned one`,
    found,
  );
}

function advise(result: CheckOutcome): Advice {
  return {
    title: 'Let agents that sign their requests through',
    why: `Agents that prove who they are with HTTP message signatures (Web Bot Auth), such as ChatGPT agent, are turned away: ${result.evidence.map((item) => item.value).join('; ')}.`,
    fix: 'Do not refuse or challenge a request because it carries Signature, Signature-Input and Signature-Agent headers: verify it, or let it through as you let the unsigned request. In Cloudflare, signed agents verified through Web Bot Auth count as verified bots: allow verified bots and let them skip your WAF custom rules. In AWS WAF Bot Control, allow requests labelled web_bot_auth:verified and do not block the unknown_bot outcome outright; in Akamai, allow the validated AI bot categories. A server or WAF rule of your own that blocks unknown headers must let these three through.',
    snippet:
      '# Cloudflare WAF custom rule, action: Skip (all remaining custom rules, Super Bot Fight Mode); Enterprise Bot Management fields\n(cf.bot_management.verified_bot or cf.bot_management.signed_agent)',
    effort: 'S',
  };
}

export const webBotAuth: CheckDefinition = {
  id: 'web_bot_auth',
  dimension: 'agent_access',
  title: 'Signed agents (Web Bot Auth) are served',
  points: 1,
  evaluate,
  advise,
};
