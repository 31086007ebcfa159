import type { Artifacts } from '#shared/scanner/artifacts.js';
import type { CheckDefinition, Evidence } from '#shared/scanner/checks/types.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import { resourceOf } from '#shared/scanner/checks/read-artifacts.js';

/** 180 days, the minimum HSTS max-age the rubric accepts. */
export const HSTS_MIN_MAX_AGE = 15_552_000;

type Finding = { state: 'ok' | 'weak' | 'missing' | 'unknown'; evidence: Evidence; note: string };

function sameSite(a: string, b: string): boolean {
  const bare = (host: string): string => host.toLowerCase().replace(/^www\./, '');
  return bare(a) === bare(b);
}

/** Does http:// answer with a redirect to https:// on the same host (www or not)? */
function redirectFinding(artifacts: Artifacts): Finding {
  const { url, retrieval } = artifacts.site.plainHttp;
  if (retrieval.state !== 'fetched') {
    const reason = retrieval.state === 'failed' ? retrieval.reason : `skipped: ${retrieval.reason}`;
    return {
      state: 'unknown',
      evidence: evidence(url, `not reachable (${reason})`),
      note: `${url} could not be reached (${reason}; many shops close port 80)`,
    };
  }
  const { status, headers } = retrieval.resource;
  const location = headers.location;
  let target: URL | null = null;
  try {
    target = location ? new URL(location, url) : null;
  } catch {
    target = null;
  }
  if (status >= 300 && status < 400 && target !== null) {
    const secure = target.protocol === 'https:' && sameSite(target.hostname, new URL(url).hostname);
    const found = evidence(url, `HTTP ${status} to ${target.href}`);
    return secure
      ? { state: 'ok', evidence: found, note: `HTTP redirects to HTTPS (${status})` }
      : { state: 'missing', evidence: found, note: `HTTP redirects to ${target.href}, not to HTTPS on the same host` };
  }
  return {
    state: 'missing',
    evidence: evidence(url, `HTTP ${status} without a redirect to https://`),
    note: `HTTP answers ${status} without redirecting to HTTPS`,
  };
}

function hstsFinding(artifacts: Artifacts): Finding {
  const home = artifacts.homepage;
  const resource = resourceOf(home.retrieval);
  if (resource === null)
    return { state: 'unknown', evidence: evidence(home.url, 'homepage not fetched'), note: 'the homepage was not fetched' };
  const header = resource.headers['strict-transport-security'];
  const maxAge = header === undefined ? undefined : /max-age\s*=\s*"?(\d+)"?/i.exec(header)?.[1];
  if (header === undefined || maxAge === undefined) {
    // A challenge page's headers are the bot wall's, not necessarily the site's.
    if (home.botWall.kind === 'wall')
      return {
        state: 'unknown',
        evidence: evidence(home.url, 'bot-wall response, no strict-transport-security header'),
        note: 'the homepage answered with a bot-wall challenge, so its HSTS policy is unknown',
      };
    const value = header === undefined ? 'no strict-transport-security header' : `strict-transport-security: ${header} (no max-age)`;
    return { state: 'missing', evidence: evidence(home.url, value), note: 'no HSTS header' };
  }
  const found = evidence(home.url, `strict-transport-security: ${header}`);
  if (Number(maxAge) >= HSTS_MIN_MAX_AGE) return { state: 'ok', evidence: found, note: `HSTS max-age ${maxAge}` };
  return { state: 'weak', evidence: found, note: `HSTS max-age ${maxAge} is below ${HSTS_MIN_MAX_AGE} (180 days)` };
}

export const httpsHsts: CheckDefinition = {
  id: 'https_hsts',
  dimension: 'policies_trust',
  title: 'HTTPS redirect and HSTS',
  points: 2,

  evaluate(artifacts) {
    if (new URL(artifacts.site.origin).protocol === 'http:') {
      return outcome.fail(`The shop is served over plain HTTP (${artifacts.site.origin}): agents and browsers warn before buying there.`, [
        evidence(artifacts.homepage.url, 'served over http://'),
      ]);
    }
    const redirect = redirectFinding(artifacts);
    const hsts = hstsFinding(artifacts);
    const items = [redirect.evidence, hsts.evidence];
    if (redirect.state === 'unknown' && hsts.state === 'unknown')
      return outcome.notAssessed(`Neither the redirect nor HSTS could be assessed: ${redirect.note}; ${hsts.note}.`, items);
    const alone = redirect.state === 'unknown' ? hsts : hsts.state === 'unknown' ? redirect : null;
    if (alone !== null) {
      const other = alone === hsts ? redirect : hsts;
      const summary = `Judged on ${alone === hsts ? 'HSTS' : 'the redirect'} alone because ${other.note}: ${alone.note}.`;
      if (alone.state === 'ok') return outcome.pass(summary, items);
      return alone.state === 'weak' ? outcome.warn(summary, items) : outcome.fail(summary, items);
    }
    const good = [redirect, hsts].filter((f) => f.state === 'ok').length;
    const summary = `${redirect.note}; ${hsts.note}.`;
    if (good === 2) return outcome.pass(summary, items);
    return good === 1 ? outcome.warn(summary, items) : outcome.fail(summary, items);
  },

  advise(result, artifacts) {
    const host = new URL(artifacts.site.origin).hostname;
    const redirect = redirectFinding(artifacts);
    const hsts = hstsFinding(artifacts);
    const lines: string[] = [];
    if (redirect.state === 'missing')
      lines.push(
        '# nginx: send every http:// request to https://',
        'server {',
        '  listen 80;',
        `  server_name ${host};`,
        '  return 301 https://$host$request_uri;',
        '}',
      );
    if (hsts.state !== 'ok')
      lines.push(
        '# nginx, in the HTTPS server block:',
        'add_header Strict-Transport-Security "max-age=31536000; includeSubDomains" always;',
      );
    return {
      title: 'Redirect HTTP to HTTPS and send a long HSTS header',
      why: `Without a redirect to HTTPS and a long HSTS policy, a first visit or an http:// link can be intercepted; agents and browsers treat that as a risk for payment and personal data (${result.evidence.map((e) => `${e.url ?? ''}: ${e.value ?? ''}`).join('; ')}).`,
      fix: 'Answer every http:// request with a 301 to the same URL on https://, and send Strict-Transport-Security with max-age of at least 15552000 (180 days; 31536000 is usual) on HTTPS responses. On a CDN (Cloudflare: SSL/TLS > Edge Certificates) enable "Always Use HTTPS" and HSTS there.',
      snippet: lines.length > 0 ? lines.join('\n') : null,
      effort: 'S',
    };
  },
};
