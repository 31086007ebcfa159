import { describe, expect, it } from 'vitest';
import { isIsoCurrencyCode, normaliseCurrency } from '#shared/scanner/extract/currency.js';

describe('normaliseCurrency', () => {
  it.each([
    ['EUR', 'EUR'],
    ['eur', 'EUR'],
    [' pln ', 'PLN'],
    ['RUR', 'RUB'],
    ['€', 'EUR'],
    ['£', 'GBP'],
    ['$', 'USD'],
    ['US$', 'USD'],
    ['R$', 'BRL'],
    ['¥', 'JPY'],
    ['zł', 'PLN'],
    ['ZŁ', 'PLN'],
    ['Lei', 'RON'],
    ['₹', 'INR'],
    ['₽', 'RUB'],
    ['ر.س', 'SAR'],
    ['тг.', 'KZT'],
    ['30,000원~', 'KRW'],
    ['12,99 €', 'EUR'],
    ['EUR 12.99', 'EUR'],
  ])('%j -> %s', (input, expected) => {
    expect(normaliseCurrency(input)).toBe(expected);
  });

  it.each([['kr'], ['Rs'], ['XYZ'], ['XXX'], ['EURO'], [''], ['12.99'], [978], [null]])(
    'leaves ambiguous or unknown %j unresolved',
    (input) => {
      expect(normaliseCurrency(input)).toBeNull();
    },
  );

  it('validates codes against the ISO 4217 list', () => {
    expect(isIsoCurrencyCode('CHF')).toBe(true);
    expect(isIsoCurrencyCode('KRW')).toBe(true);
    expect(isIsoCurrencyCode('RUR')).toBe(false);
    expect(isIsoCurrencyCode('eur')).toBe(false);
  });
});
