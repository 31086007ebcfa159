import { describe, expect, it } from 'vitest';
import { parseUsageSignalLine } from '#shared/scanner/parse/content-signals-parser.js';
import { parseRobotsTxt } from '#shared/scanner/parse/robots.js';

function signalsOf(body: string) {
  return parseRobotsTxt({ status: 200, body, contentType: 'text/plain' }).contentSignals;
}

const CLOUDFLARE_DEFAULT = `# As a condition of accessing this website, you agree to abide by the following content signals
User-Agent: *
Content-Signal: search=yes, ai-train=no
Allow: /

User-agent: GPTBot
Disallow: /
`;

describe('Content-Signal and Content-Usage parsing', () => {
  it('parses a Cloudflare managed robots.txt, scoped to its group, without contradictions', () => {
    const signals = signalsOf(CLOUDFLARE_DEFAULT);
    expect(signals.present).toBe(true);
    expect(signals.valid).toBe(true);
    expect(signals.lines).toHaveLength(1);
    expect(signals.lines[0]).toMatchObject({
      directive: 'Content-Signal',
      line: 3,
      userAgents: ['*'],
      path: null,
      preferences: { search: true, 'ai-train': false },
    });
    expect(signals.contradictions).toEqual([]);
  });

  it('parses aipref Content-Usage with an optional path, mapping train-ai onto ai-train', () => {
    const signals = signalsOf('User-agent: *\nAllow: /\nContent-Usage: train-ai=n\nContent-Usage: /blog/ train-ai=y, search=y\n');
    expect(signals.valid).toBe(true);
    expect(signals.lines.map((l) => [l.path, l.preferences])).toEqual([
      [null, { 'ai-train': false }],
      ['/blog/', { 'ai-train': true, search: true }],
    ]);
    // Different paths are different scopes, so n for the site and y for /blog/ do not conflict.
    expect(signals.contradictions).toEqual([]);
  });

  it('accepts RFC 9651 parameters and ignores unknown keys without invalidating the line', () => {
    const line = parseUsageSignalLine('Content-Usage', 'train-ai=n;exp=1, future-use=y', 7, []);
    expect(line.valid).toBe(true);
    expect(line.preferences).toEqual({ 'ai-train': false });
    expect(line.problems).toEqual(['Content-Usage key "future-use" is not recognised']);
  });

  it('marks malformed lines invalid and says why', () => {
    const signals = signalsOf('User-agent: *\nContent-Signal: search=maybe, ai-train\nContent-Usage: train-ai=no\n');
    expect(signals.present).toBe(true);
    expect(signals.valid).toBe(false);
    expect(signals.lines[0]?.problems).toEqual([
      'Content-Signal search=maybe: value must be yes or no',
      'Content-Signal entry "ai-train" is not key=value',
    ]);
    expect(signals.lines[1]?.problems).toEqual(['Content-Usage train-ai=no: value must be y or n']);
  });

  it('marks a line with only unknown keys invalid', () => {
    const line = parseUsageSignalLine('Content-Signal', 'ai-traning=no', 1, ['*']);
    expect(line.valid).toBe(false);
    expect(line.problems).toEqual(['Content-Signal key "ai-traning" is not recognised', 'Content-Signal on line 1 has no recognised key']);
  });

  it('treats keys such as constructor or __proto__ as plain unknown keys', () => {
    const line = parseUsageSignalLine('Content-Signal', 'constructor=yes, __proto__=no, search=yes', 1, []);
    expect(line.preferences).toEqual({ search: true });
    expect(line.entries).toEqual({ constructor: 'yes', ['__proto__']: 'no', search: 'yes' });
    expect(Object.getPrototypeOf(line.entries)).toBe(Object.prototype);
    expect(line.valid).toBe(true);
  });

  it('reports absence when there are no signal lines', () => {
    expect(signalsOf('User-agent: *\nAllow: /\n')).toMatchObject({ present: false, valid: false, lines: [] });
  });

  it('treats lines before any User-agent as site-wide', () => {
    const signals = signalsOf('Content-Signal: search=yes, ai-input=yes, ai-train=no\nUser-agent: *\nAllow: /\n');
    expect(signals.lines[0]?.userAgents).toEqual([]);
    expect(signals.contradictions).toEqual([]);
  });
});

describe('content signal contradictions', () => {
  it('flags the same use granted and refused in one scope, across both syntaxes', () => {
    const signals = signalsOf('User-agent: *\nContent-Signal: ai-train=yes\nContent-Usage: train-ai=n\nAllow: /\n');
    expect(signals.contradictions).toEqual([
      { kind: 'conflicting_values', line: 3, detail: 'ai-train is granted on line 2 but refused on line 3' },
    ]);
  });

  it('flags a grant in a group that disallows /', () => {
    const signals = signalsOf('User-agent: *\nDisallow: /\nContent-Signal: search=yes, ai-train=no\n');
    expect(signals.contradictions).toEqual([
      { kind: 'grant_without_access', line: 3, detail: 'grants search but the same group disallows /' },
    ]);
  });

  it('flags a site-wide grant only when every crawler is disallowed from /', () => {
    const blocked = signalsOf('Content-Signal: search=yes\nUser-agent: *\nDisallow: /\n');
    expect(blocked.contradictions.map((c) => c.kind)).toEqual(['grant_without_access']);
    const googleAllowed = signalsOf('Content-Signal: search=yes\nUser-agent: *\nDisallow: /\nUser-agent: Googlebot\nAllow: /\n');
    expect(googleAllowed.contradictions).toEqual([]);
  });

  it('flags allowing a training crawler in its own group while refusing training', () => {
    const signals = signalsOf('User-agent: GPTBot\nUser-agent: CCBot\nContent-Signal: ai-train=no\nAllow: /\n');
    expect(signals.contradictions).toEqual([
      {
        kind: 'access_for_refused_use',
        line: 3,
        detail: 'allows / for GPTBot, CCBot but refuses every use those agents crawl for',
      },
    ]);
  });

  it('applies site-wide refusals to groups without their own signals', () => {
    const signals = signalsOf('Content-Signal: ai-input=no\nUser-agent: ChatGPT-User\nAllow: /\n');
    expect(signals.contradictions.map((c) => c.kind)).toEqual(['access_for_refused_use']);
  });

  it('does not flag coherent policies: search allowed, training refused, or agents with other uses', () => {
    expect(signalsOf('User-agent: Googlebot\nContent-Signal: ai-train=no, ai-input=no\nAllow: /\n').contradictions).toEqual([]);
    // OAI-SearchBot also crawls for search, which stays granted.
    expect(signalsOf('User-agent: OAI-SearchBot\nContent-Signal: ai-input=no, search=yes\nAllow: /\n').contradictions).toEqual([]);
    // A group naming an unknown agent is never judged.
    expect(signalsOf('User-agent: GPTBot\nUser-agent: SomeBot\nContent-Signal: ai-train=no\nAllow: /\n').contradictions).toEqual([]);
  });
});
