import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configKeys, envName } from '#shared/config.js';

const configuration = readFileSync(new URL('../../../docs/configuration.md', import.meta.url), 'utf8');

describe('docs/configuration.md', () => {
  it('documents every configuration variable', () => {
    const missing = configKeys.map(envName).filter((name) => !configuration.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});
