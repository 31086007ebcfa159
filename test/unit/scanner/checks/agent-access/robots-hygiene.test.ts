import { describe, expect, it } from 'vitest';
import type { CheckDefinition } from '#shared/scanner/checks/types.js';
import { robotsHygiene } from '#shared/scanner/checks/agent-access/robots-hygiene.js';
import { buildArtifacts } from '#test/unit/scanner/checks/build-artifacts.js';
import type { ArtifactsInput } from '#test/unit/scanner/checks/build-artifacts.js';
import { values } from '#test/unit/scanner/checks/agent-access/fixtures.js';

const run = (check: CheckDefinition, input: ArtifactsInput) => {
  const artifacts = buildArtifacts(input);
  return { artifacts, result: check.evaluate(artifacts) };
};

describe('robots_hygiene', () => {
  it('passes a text/plain robots.txt with a Sitemap line', () => {
    const { result } = run(robotsHygiene, { robots: 'User-agent: *\nDisallow: /cart\n\nSitemap: https://shop.example/sitemap.xml\n' });
    expect(result.status).toBe('pass');
    expect(values(result)).toContain('Sitemap: https://shop.example/sitemap.xml');
  });

  it('passes a text/plain robots.txt without a Sitemap line: the sitemap check alone owns that finding', () => {
    const { result } = run(robotsHygiene, {
      robots: { body: 'User-agent: *\nDisallow: /cart\n', headers: { 'content-type': 'text/plain; charset=utf-8' } },
    });
    expect(result.status).toBe('pass');
    expect(values(result)).toContain('no Sitemap: line');
  });

  it('warns when robots.txt is served with the wrong type, advising only the type', () => {
    for (const body of ['User-agent: *\nDisallow:\nSitemap: https://shop.example/sitemap.xml', 'User-agent: *\nDisallow:']) {
      const { artifacts, result } = run(robotsHygiene, { robots: { body, headers: { 'content-type': 'application/octet-stream' } } });
      expect(result.status).toBe('warn');
      expect(result.summary).toContain('application/octet-stream instead of text/plain');
      const advice = robotsHygiene.advise(result, artifacts);
      expect(advice.title).toBe('Serve robots.txt as text/plain');
      expect(`${advice.fix} ${advice.snippet}`).not.toContain('Sitemap');
    }
  });

  it('is not applicable without a robots.txt (404 allows all) and warns on an HTML soft 404', () => {
    const missing = run(robotsHygiene, {});
    expect(missing.result.status).toBe('not_applicable');
    expect(missing.result.summary).toContain('No robots.txt (HTTP 404)');
    const soft = run(robotsHygiene, { robots: '<!doctype html><html><body>Page not found</body></html>' });
    expect(soft.result.status).toBe('warn');
    expect(soft.result.summary).toContain('soft 404');
    expect(robotsHygiene.advise(soft.result, soft.artifacts).snippet).toBe('User-agent: *\nAllow: /');
  });

  it('fails on a 5xx robots.txt', () => {
    const error = run(robotsHygiene, { robots: { status: 500, body: 'oops' } }).result;
    expect(error.status).toBe('fail');
    expect(error.summary).toContain('disallow the whole site');
  });

  it('is not assessed when robots.txt was not fetched in time', () => {
    expect(run(robotsHygiene, { robots: { skipped: 'deadline' } }).result.status).toBe('not_assessed');
  });

  it('reports Agentmap lines (ARD) beside the sitemap without scoring them', () => {
    const { result } = run(robotsHygiene, {
      robots: {
        body: 'User-agent: *\nAllow: /\n\nSitemap: https://shop.example/sitemap.xml\nAgentmap: https://shop.example/.well-known/ai-catalog.json\nAgentmap: ard.json\n',
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      },
    });
    expect(result.status).toBe('pass');
    expect(values(result)).toContain('Agentmap: https://shop.example/.well-known/ai-catalog.json');
    expect(values(result)).toContain('line 6: Agentmap "ard.json" is not an absolute http(s) URL');
  });
});
