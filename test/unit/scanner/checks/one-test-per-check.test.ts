import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allChecks } from '#shared/scanner/checks/index.js';

/** Where a check's own tests live: `<dimension>/<check-id>.test.ts`, both kebab-cased. */
function testFileOf(check: { id: string; dimension: string }): URL {
  const kebab = (name: string) => name.replace(/_/g, '-');
  return new URL(`./${kebab(check.dimension)}/${kebab(check.id)}.test.ts`, import.meta.url);
}

describe('check tests', () => {
  it('has one test file per check in allChecks', () => {
    const missing = allChecks.filter((check) => !existsSync(testFileOf(check))).map((check) => testFileOf(check).pathname);
    expect(missing).toEqual([]);
  });
});
