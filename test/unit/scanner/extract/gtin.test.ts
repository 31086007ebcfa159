import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gtinCheckDigit, isValidGtin, normaliseGtin } from '#shared/scanner/extract/gtin.js';

const body = (length: number) =>
  fc
    .array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length })
    .map((digits) => digits.join(''))
    .filter((digits) => /[1-9]/.test(digits));

const anyBody = fc.oneof(body(7), body(11), body(12), body(13));

describe('isValidGtin', () => {
  it.each([
    ['4006381333931'], // EAN-13
    ['9780552173742'], // ISBN-13
    ['5901885533094'],
    ['036000291452'], // UPC-A
    ['96385074'], // EAN-8
    ['10036000291459'], // GTIN-14
  ])('accepts %s', (code) => {
    expect(isValidGtin(code)).toBe(true);
  });

  it.each([
    ['4006381333932', 'wrong check digit'],
    ['400638133393', 'wrong length for its digits'],
    ['40063813339', 'length 11'],
    ['0000000000000', 'all zeros placeholder'],
    ['4006-381333931', 'not digits only'],
    ['', 'empty'],
  ])('rejects %s (%s)', (code) => {
    expect(isValidGtin(code)).toBe(false);
  });

  it('validates any body completed with its computed check digit', () => {
    fc.assert(
      fc.property(anyBody, (digits) => {
        expect(isValidGtin(digits + String(gtinCheckDigit(digits)))).toBe(true);
      }),
    );
  });

  it('invalidates a code when any single digit changes', () => {
    fc.assert(
      fc.property(anyBody, fc.nat(), fc.integer({ min: 1, max: 9 }), (digits, at, delta) => {
        const code = digits + String(gtinCheckDigit(digits));
        const i = at % code.length;
        const changed = code.slice(0, i) + String((Number(code[i]) + delta) % 10) + code.slice(i + 1);
        fc.pre(/[1-9]/.test(changed));
        expect(isValidGtin(changed)).toBe(false);
      }),
    );
  });

  it('rejects non-digit bodies when computing a check digit', () => {
    expect(() => gtinCheckDigit('12a')).toThrow();
  });
});

describe('normaliseGtin', () => {
  it('keeps digits only', () => {
    expect(normaliseGtin(' 978-0-552-17374-2 ')).toBe('9780552173742');
    expect(normaliseGtin(4006381333931)).toBe('4006381333931');
    expect(normaliseGtin('n/a')).toBeNull();
    expect(normaliseGtin(null)).toBeNull();
  });
});
