import type { Artifacts } from '#shared/scanner/artifacts.js';
import type { CheckDefinition } from '#shared/scanner/checks/types.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

function snippet(artifacts: Artifacts): string {
  const host = new URL(artifacts.site.origin).hostname.replace(/^www\./, '');
  // Keep the shop's own contacts, repairing bare e-mail addresses.
  const contacts = (artifacts.site.securityTxt.result?.contacts ?? [])
    .map((c) => (/^[^\s@:]+@[^\s@]+$/.test(c) ? `mailto:${c}` : c))
    .filter((c) => /^(?:mailto:|tel:|https:\/\/)/i.test(c));
  const language = /^[a-z]{2}/i.exec(artifacts.homepage.facts?.lang ?? '')?.[0]?.toLowerCase();
  // Stay under the one-year maximum RFC 9116 recommends.
  const expires = new Date(artifacts.startedAt + ONE_YEAR_MS - 24 * 60 * 60 * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const contactLines = (contacts.length > 0 ? contacts : [`mailto:security@${host}`]).map((c) => `Contact: ${c}`);
  return [
    ...contactLines,
    `Expires: ${expires}`,
    `Canonical: ${artifacts.site.origin}/.well-known/security.txt`,
    `Preferred-Languages: ${language && language !== 'en' ? `${language}, en` : 'en'}`,
  ].join('\n');
}

export const securityTxt: CheckDefinition = {
  id: 'security_txt',
  dimension: 'policies_trust',
  title: 'security.txt (RFC 9116)',
  points: 1,

  evaluate(artifacts) {
    const { url, retrieval, result } = artifacts.site.securityTxt;
    if (retrieval.state === 'skipped')
      return outcome.notAssessed(`${url} was not fetched before the scan deadline.`, [evidence(url, `skipped: ${retrieval.reason}`)]);
    if (retrieval.state === 'failed')
      return outcome.notAssessed(`${url} could not be fetched (${retrieval.reason}).`, [evidence(url, `failed: ${retrieval.reason}`)]);
    const { status } = retrieval.resource;
    if (status >= 500 || status === 429)
      return outcome.notAssessed(`${url} answered HTTP ${status}, so security.txt was not assessed.`, [evidence(url, `HTTP ${status}`)]);
    if (result === null || !result.present) {
      const why = result === null ? `HTTP ${status}` : (result.problems[0] ?? 'not a security.txt');
      return outcome.fail(`No security.txt: researchers and agents find no security contact (${why}).`, [evidence(url, why)]);
    }
    const found = `Contact ${result.contacts.join(', ')}; Expires ${result.expires ?? 'missing'}`;
    if (result.valid)
      return outcome.pass(`security.txt names a contact and is valid until ${result.expires ?? ''}.`, [evidence(url, found)]);
    return outcome.warn(`security.txt is present but not valid: ${result.problems.join('; ')}.`, [
      evidence(url, `${found}; ${result.problems.join('; ')}`),
    ]);
  },

  advise(result, artifacts) {
    const { url } = artifacts.site.securityTxt;
    return {
      title: 'Publish a current security.txt',
      why: `A valid security.txt is a cheap trust signal that the shop is maintained and reachable for security reports: ${url} has ${result.evidence[0]?.value ?? 'none'}.`,
      fix: `Serve a plain-text file at ${url} with at least one Contact (mailto: or https://) and an Expires date less than a year ahead; renew Expires before it passes (a calendar reminder works).`,
      snippet: snippet(artifacts),
      effort: 'S',
    };
  },
};
