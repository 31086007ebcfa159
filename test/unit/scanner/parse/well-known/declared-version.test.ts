import { describe, expect, it } from 'vitest';
import { dateScheme, declaredVersion, numberedScheme } from '#shared/scanner/parse/well-known/declared-version.js';

describe('declaredVersion', () => {
  const dated = dateScheme(['2026-04-08'], ['2026-01-23'], ['draft']);
  const numbered = numberedScheme(['1.0'], ['0.3.0']);

  it('places dated versions against the pinned and the still-read ones', () => {
    expect(declaredVersion('2026-04-08', dated)).toEqual({ version: '2026-04-08', standing: 'current' });
    expect(declaredVersion('2026-01-23', dated).standing).toBe('older');
    expect(declaredVersion('2025-10-01', dated).standing).toBe('older');
    expect(declaredVersion('2026-08-25', dated).standing).toBe('newer');
    expect(declaredVersion('Draft', dated).standing).toBe('newer');
  });

  it("calls a version outside the standard's form unknown, and long or non-text values no version", () => {
    expect(declaredVersion('April 8, 2026', dated)).toEqual({ version: 'April 8, 2026', standing: 'unknown' });
    expect(declaredVersion('2026-13-45', dated).standing).toBe('unknown');
    expect(declaredVersion(20260408, dated)).toEqual({ version: null, standing: 'unknown' });
    expect(declaredVersion('x'.repeat(41), dated)).toEqual({ version: null, standing: 'unknown' });
    expect(declaredVersion(undefined, numbered)).toEqual({ version: null, standing: 'unknown' });
  });

  it('compares numbered versions part by part', () => {
    expect(declaredVersion('1.0', numbered).standing).toBe('current');
    expect(declaredVersion('0.3.0', numbered).standing).toBe('older');
    expect(declaredVersion('0.2.9', numbered).standing).toBe('older');
    expect(declaredVersion('1.0.0', numbered).standing).toBe('current');
    expect(declaredVersion('1.1', numbered).standing).toBe('newer');
    expect(declaredVersion('1.10', numbered).standing).toBe('newer');
    expect(declaredVersion('v1', numbered).standing).toBe('unknown');
  });

  it('ignores the parts a standard does not count: an A2A patch is the same protocol', () => {
    const majorMinor = numberedScheme(['1.0'], ['0.3'], 2);
    expect(declaredVersion('1.0.2', majorMinor).standing).toBe('current');
    expect(declaredVersion('0.3.0', majorMinor).standing).toBe('older');
    expect(declaredVersion('1.1.0', majorMinor).standing).toBe('newer');
  });
});
