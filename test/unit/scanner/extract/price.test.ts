import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalisePrice, priceValue } from '#shared/scanner/extract/price.js';

describe('normalisePrice', () => {
  it.each([
    ['259', '259'],
    ['259.00', '259.00'],
    ['36.99', '36.99'],
    ['10.1400', '10.1400'],
    ['0259', '259'],
    [' 4386 ', '4386'],
    ['1.299,00', '1299.00'],
    ['1,299.00', '1299.00'],
    ['1 299,00 €', '1299.00'],
    ['1\u00a0299,50', '1299.50'],
    ["1'299.50 CHF", '1299.50'],
    ['1.234.567', '1234567'],
    ['1,234,567.89', '1234567.89'],
    ['1.234.56', '1234.56'],
    ['5,95 EUR', '5.95'],
    ['GBP 12,99', '12.99'],
    ['£34.99', '34.99'],
    ['$24.990', '24990'],
    ['30,000원~', '30000'],
    ['1,299', '1299'],
    ['0,125', '0.125'],
    ['5,9', '5.9'],
    ['71,91 € 79,90 €', '71.91'],
    ['12.99 14.99', '12.99'],
    ['from 10 to 20', '10'],
  ])('%j -> %j', (input, expected) => {
    expect(normalisePrice(input)).toBe(expected);
  });

  it('takes numbers as they are', () => {
    expect(normalisePrice(13.4)).toBe('13.4');
    expect(normalisePrice(2433)).toBe('2433');
    expect(normalisePrice(0)).toBe('0');
  });

  it.each([[''], ['free'], ['-5'], ['EUR -12,50'], [null], [undefined], [{}], [Number.NaN], [-1], [1e21]])('rejects %j', (input) => {
    expect(normalisePrice(input)).toBeNull();
  });

  it('keeps the exact value of any two-decimal amount written in either locale style', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), fc.integer({ min: 0, max: 99 }), (whole, cents) => {
        const frac = String(cents).padStart(2, '0');
        const grouped = (sep: string) => String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, sep);
        const expected = `${whole}.${frac}`;
        expect(normalisePrice(`${grouped(',')}.${frac}`)).toBe(expected);
        expect(normalisePrice(`${grouped('.')},${frac} €`)).toBe(expected);
        expect(normalisePrice(`${grouped(' ')},${frac}`)).toBe(expected);
        expect(normalisePrice(`${whole}.${frac}`)).toBe(expected);
      }),
    );
  });

  it('priceValue gives the numeric value', () => {
    expect(priceValue('1299.00')).toBe(1299);
    expect(priceValue(null)).toBeNull();
  });
});
