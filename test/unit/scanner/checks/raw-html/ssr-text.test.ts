import { describe, expect, it } from 'vitest';
import type { CheckDefinition } from '#shared/scanner/checks/types.js';
import { isEmptyClientShell } from '#shared/scanner/checks/raw-html/index.js';
import { ssrText } from '#shared/scanner/checks/raw-html/ssr-text.js';
import { buildArtifacts } from '#test/unit/scanner/checks/build-artifacts.js';
import type { ArtifactsInput } from '#test/unit/scanner/checks/build-artifacts.js';
import { cloudflareChallenge, homepageWith, paragraph, richHomepage, values } from '#test/unit/scanner/checks/raw-html/fixtures.js';

const spaShell = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Oak &amp; Ash</title>
  <script type="module" crossorigin src="/assets/index-4f3a9c.js"></script>
  <link rel="stylesheet" href="/assets/index-77b1.css"></head>
  <body><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div></body></html>`;

const run = (check: CheckDefinition, input: ArtifactsInput) => {
  const artifacts = buildArtifacts(input);
  return { artifacts, result: check.evaluate(artifacts) };
};

describe('isEmptyClientShell', () => {
  it('recognises a mount point with a script bundle and almost no text', () => {
    expect(isEmptyClientShell(buildArtifacts({ homepage: spaShell }).homepage)).toBe(true);
    const nuxt = '<html><body><div id="__nuxt"><p>Loading…</p></div><script src="/_nuxt/entry.js"></script></body></html>';
    expect(isEmptyClientShell(buildArtifacts({ homepage: nuxt }).homepage)).toBe(true);
  });

  it('does not call server-rendered apps, plain thin pages or challenge pages shells', () => {
    const ssrNext = `<html><body><div id="__next">${Array.from({ length: 4 }, () => `<p>${paragraph}</p>`).join('')}</div><script src="/_next/static/chunks/main.js"></script></body></html>`;
    expect(isEmptyClientShell(buildArtifacts({ homepage: ssrNext }).homepage)).toBe(false);
    expect(
      isEmptyClientShell(buildArtifacts({ homepage: '<html><body><div id="root"><h1>Coming soon</h1></div></body></html>' }).homepage),
    ).toBe(false);
    expect(isEmptyClientShell(buildArtifacts({ homepage: cloudflareChallenge }).homepage)).toBe(false);
  });
});

describe('ssr_text', () => {
  it('passes a homepage with 150+ words in the raw HTML', () => {
    const { result } = run(ssrText, { homepage: richHomepage });
    expect(result.status).toBe('pass');
    expect(result.summary).toBe("The homepage's raw HTML shows 208 words without JavaScript");
    expect(values(result)).toContain('"Our workshop in Leeds');
  });

  it('warns between 50 and 149 words', () => {
    const { result } = run(ssrText, { homepage: homepageWith(3) });
    expect(result.status).toBe('warn');
    expect(result.summary).toContain('only 78 words');
  });

  it('fails an empty client-rendered shell and says so', () => {
    const { artifacts, result } = run(ssrText, { homepage: spaShell });
    expect(result.status).toBe('fail');
    expect(result.summary).toBe(
      'The homepage is an empty client-rendered shell (<div id="root"> and 1 script bundle, 0 words): agents that do not run JavaScript see a blank page',
    );
    const advice = ssrText.advise(result, artifacts);
    expect(advice.effort).toBe('L');
    expect(advice.fix).toContain('server-side rendering');
  });

  it('fails a thin page that is not an app shell, never blaming JavaScript it does not have', () => {
    const { artifacts, result } = run(ssrText, { homepage: '<html><body><h1>Oak &amp; Ash</h1><p>New collection soon.</p></body></html>' });
    expect(result.status).toBe('fail');
    expect(result.summary).toBe('The homepage shows only 5 words and runs no script: agents find almost nothing to read there');
    const advice = ssrText.advise(result, artifacts);
    expect(`${advice.title} ${advice.why} ${advice.fix}`).not.toMatch(/JavaScript|render|server/i);
  });

  it('says what scripts hide when a thin page runs them', () => {
    const thin = `<html><body><h1>Oak &amp; Ash</h1><p>New collection soon.</p><script src="/app.js"></script></body></html>`;
    const { artifacts, result } = run(ssrText, { homepage: thin });
    expect(result.summary).toContain('agents that do not run JavaScript see almost nothing');
    expect(ssrText.advise(result, artifacts).fix).toContain('Avoid loading them only through JavaScript');
  });

  it('is not assessed behind a bot wall, on a transport failure or an error status', () => {
    expect(run(ssrText, { homepage: cloudflareChallenge }).result.summary).toContain('Cloudflare bot wall');
    expect(run(ssrText, { homepage: cloudflareChallenge }).result.status).toBe('not_assessed');
    expect(run(ssrText, { homepage: { failed: 'timeout' } }).result.status).toBe('not_assessed');
    expect(run(ssrText, { homepage: { status: 500, body: '<html><body>Error</body></html>' } }).result.status).toBe('not_assessed');
  });
});
