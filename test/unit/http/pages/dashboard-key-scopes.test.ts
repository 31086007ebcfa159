import { describe, expect, it } from 'vitest';
import { pageScript } from '#shared/http/pages/assets/web-assets.js';
import { scopes } from '#shared/model/scopes.js';

describe('the dashboard key form', () => {
  it('offers every scope the API accepts, in the model order', () => {
    // The served dashboard script, built from browser/: each choice is a [scope, words] pair.
    const offered = [...pageScript('dashboard').body.matchAll(/^\s*\[\s*["']([a-z]+:[a-z]+)["'],\s*["']/gm)].map((match) => match[1]);
    expect(offered).toEqual([...scopes]);
  });
});
