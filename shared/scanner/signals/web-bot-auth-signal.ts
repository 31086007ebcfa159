import type { SignalRecord } from '#shared/model/scans/scan-result.js';
import type { Artifacts } from '#shared/scanner/artifacts.js';
import { answerOf } from '#shared/scanner/edge/answer-of.js';

/**
 * The Web Bot Auth entry: the scanned page asked for unsigned and then signed (RFC 9421,
 * `tag="web-bot-auth"`). `valid` when the signed request got the same class of answer as the unsigned
 * one, `invalid` when the edge refused, challenged or failed it (the problem names both answers), and
 * `not_checked` when the two could not be compared (no signing key, the unsigned request already walled,
 * no answer to the signed one).
 */
export function webBotAuthSignal(artifacts: Artifacts): SignalRecord {
  const asked = artifacts.site.webBotAuth;
  const url = asked?.url ?? `${artifacts.site.origin}/`;
  const unsigned = asked ? answerOf(asked.unsigned) : null;
  const signed = asked?.signed ? answerOf(asked.signed) : null;
  if (unsigned === null || signed === null || unsigned.kind !== 'served')
    return { id: 'web_bot_auth', url, status: 'not_checked', problems: [] };
  if (signed.kind === 'served') return { id: 'web_bot_auth', url, status: 'valid', problems: [] };
  return {
    id: 'web_bot_auth',
    url,
    status: 'invalid',
    problems: [`the signed request got ${signed.label} where the unsigned one got ${unsigned.label}`],
  };
}
