import { describe, expect, it } from 'vitest';
import { checkIds } from '#shared/scanner/checks/check-ids.js';
import { allChecks } from '#shared/scanner/checks/index.js';

describe('check ids', () => {
  it('name every check once, in rubric order', () => {
    expect(allChecks.map((check) => check.id)).toEqual(checkIds);
  });
});
