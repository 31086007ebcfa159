import { describe, expect, it } from 'vitest';
import { isJsonMediaType, mediaTypeProblem, redirectProblem, type Serving } from '#shared/scanner/parse/well-known/serving.js';

const direct: Serving = {
  contentType: 'application/json; charset=utf-8',
  redirected: false,
  finalUrl: 'https://shop.example/.well-known/ucp',
  canonicalUrl: 'https://shop.example/.well-known/ucp',
};

describe('how a well-known document was served', () => {
  it('takes application/json and +json suffixes as JSON, parameters and case ignored', () => {
    expect(isJsonMediaType('Application/JSON; charset=UTF-8')).toBe(true);
    expect(isJsonMediaType('application/linkset+json')).toBe(true);
    expect(isJsonMediaType('text/json')).toBe(false);
    expect(isJsonMediaType('text/html')).toBe(false);
    expect(isJsonMediaType(null)).toBe(false);
  });

  it('names the media type it got, or its absence', () => {
    expect(mediaTypeProblem(direct)).toBeNull();
    expect(mediaTypeProblem({ ...direct, contentType: 'text/html; charset=utf-8' })).toBe('served as text/html, not application/json');
    expect(mediaTypeProblem({ ...direct, contentType: null })).toBe('served without a Content-Type, not as application/json');
    expect(mediaTypeProblem(undefined)).toBeNull();
  });

  it("reports a redirect that ends away from where the document belongs, not the homepage's own origin change", () => {
    expect(redirectProblem(direct)).toBeNull();
    const toWww = {
      ...direct,
      redirected: true,
      finalUrl: 'https://www.shop.example/.well-known/ucp',
      canonicalUrl: 'https://www.shop.example/.well-known/ucp',
    };
    expect(redirectProblem(toWww)).toBeNull();
    expect(redirectProblem({ ...direct, redirected: true, finalUrl: 'https://shop.example/ucp.json' })).toBe(
      'answered through a redirect (to https://shop.example/ucp.json) instead of directly at https://shop.example/.well-known/ucp',
    );
  });
});
