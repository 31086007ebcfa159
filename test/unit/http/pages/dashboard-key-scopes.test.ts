import { describe, expect, it } from 'vitest';
import { browserFile } from '#shared/http/pages/assets/browser-files.js';
import { scopes } from '#shared/model/scopes.js';

describe('the dashboard key form', () => {
  it('offers every scope the API accepts, in the model order', () => {
    const offered = [...browserFile('dashboard-keys.js').matchAll(/^\s*\['([a-z]+:[a-z]+)', '/gm)].map((match) => match[1]);
    expect(offered).toEqual([...scopes]);
  });
});
