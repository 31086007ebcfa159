import { describe, expect, it } from 'vitest';
import { webBotAuth } from '#shared/scanner/checks/agent-access/web-bot-auth.js';
import { buildArtifacts } from '#test/unit/scanner/checks/build-artifacts.js';
import { cloudflareChallenge, homepage, values } from '#test/unit/scanner/checks/agent-access/fixtures.js';

describe('web_bot_auth', () => {
  it('passes when the signed request is served as the unsigned one was', () => {
    const result = webBotAuth.evaluate(buildArtifacts({ homepage, signed: homepage }));
    expect(result.status).toBe('pass');
    expect(result.summary).toBe('The site served a Web Bot Auth signed request as it served the unsigned one (HTTP 200)');
    expect(values(result)).toBe('unsigned: HTTP 200; signed (Web Bot Auth): HTTP 200');
  });

  it('fails when the edge refuses the signed request it served unsigned, naming both statuses', () => {
    for (const status of [401, 403, 429]) {
      const artifacts = buildArtifacts({ homepage, signed: { status, body: '<html><body>Forbidden</body></html>' } });
      const result = webBotAuth.evaluate(artifacts);
      expect(result.status, String(status)).toBe('fail');
      expect(result.summary).toBe(
        `The site refused it when the scanner signed its request (Web Bot Auth): HTTP ${status} to the signed request, HTTP 200 to the unsigned one`,
      );
      const advice = webBotAuth.advise(result, artifacts);
      expect(advice.why).toContain(`signed (Web Bot Auth): HTTP ${status}`);
      expect(advice.fix).toContain('Signature-Agent');
    }
  });

  it('fails on a challenge page or a server error for the signed request', () => {
    const challenged = webBotAuth.evaluate(buildArtifacts({ homepage, signed: cloudflareChallenge }));
    expect(challenged.status).toBe('fail');
    expect(challenged.summary).toContain('answered it with a challenge page');
    expect(challenged.summary).toContain('cf-mitigated: challenge');
    const broken = webBotAuth.evaluate(buildArtifacts({ homepage, signed: { status: 502, body: 'Bad gateway' } }));
    expect(broken.status).toBe('fail');
    expect(broken.summary).toContain('HTTP 502 to the signed request');
  });

  it('treats a redirect like the content: a different class of answer is needed to fail', () => {
    const result = webBotAuth.evaluate(buildArtifacts({ homepage, signed: { status: 302, headers: { location: '/en/' } } }));
    expect(result.status).toBe('pass');
  });

  it('is not assessed when the unsigned request was itself walled', () => {
    const result = webBotAuth.evaluate(buildArtifacts({ homepage: cloudflareChallenge, signed: null }));
    expect(result.status).toBe('not_assessed');
    expect(result.score).toBeNull();
    expect(result.summary).toContain('The unsigned request was not served');
  });

  it('is not assessed without a signing key, or when the signed request got no answer', () => {
    expect(webBotAuth.evaluate(buildArtifacts({ homepage })).status).toBe('not_assessed');
    const timedOut = webBotAuth.evaluate(buildArtifacts({ homepage, signed: { skipped: 'deadline' } }));
    expect(timedOut.status).toBe('not_assessed');
    expect(timedOut.summary).toBe('The signed request got no answer (not fetched before the scan deadline)');
  });
});
