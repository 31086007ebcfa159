/**
 * The Node versions package.json promises are ones every installed package supports: `npm ci`
 * prints an EBADENGINE warning for a locked package whose `engines.node` excludes the running Node,
 * so each locked package's range must admit the lowest version we promise. The README states it too.
 */
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const readJson = <T>(file: string) => JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8')) as T;
const pkg = readJson<{ engines: { node: string } }>('package.json');
const lock = readJson<{ packages: Record<string, { version?: string; engines?: { node?: string } | string[] }> }>('package-lock.json');
const lowest = semver.minVersion(pkg.engines.node)!;

describe('Node engines', () => {
  it('the Node running the tests is one package.json promises', () => {
    expect(semver.satisfies(process.version, pkg.engines.node)).toBe(true);
  });

  it('every locked package supports the lowest Node package.json promises', () => {
    const unsupported = Object.entries(lock.packages)
      .map(([where, entry]) => ({ where, version: entry.version, node: Array.isArray(entry.engines) ? undefined : entry.engines?.node }))
      .filter(({ node }) => node !== undefined && !semver.satisfies(lowest, node));
    expect(unsupported, `Node ${lowest.version}`).toEqual([]);
  });

  it('the README states that lowest version', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    expect(readme).toContain(`**Node ${lowest.major}.${lowest.minor}+**`);
  });
});
