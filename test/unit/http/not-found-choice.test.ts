import { describe, expect, it } from 'vitest';
import { wantsNotFoundPage } from '#shared/http/not-found-choice.js';

describe('the 404 page or JSON for a path no route matches', () => {
  it('gives a page path to a browser, curl or a client without Accept', () => {
    expect(wantsNotFoundPage('GET', '/pricing-old', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toBe(true);
    expect(wantsNotFoundPage('HEAD', '/no-such-page', '*/*')).toBe(true);
    expect(wantsNotFoundPage('GET', '/apis', undefined)).toBe(true);
    expect(wantsNotFoundPage('GET', '/x', 'application/json, text/html')).toBe(true);
  });

  it('keeps JSON for API and well-known paths, other methods, and clients that ask for JSON alone', () => {
    expect(wantsNotFoundPage('GET', '/api/nope', 'text/html')).toBe(false);
    expect(wantsNotFoundPage('GET', '/API', 'text/html')).toBe(false);
    expect(wantsNotFoundPage('GET', '/.well-known/nothing', 'text/html')).toBe(false);
    expect(wantsNotFoundPage('POST', '/no-such-page', 'text/html')).toBe(false);
    expect(wantsNotFoundPage('GET', '/no-such-page', 'application/json')).toBe(false);
    expect(wantsNotFoundPage('GET', '/no-such-page', 'application/problem+json')).toBe(false);
  });
});
