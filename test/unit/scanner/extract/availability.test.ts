import { describe, expect, it } from 'vitest';
import { AVAILABILITY_VALUES, availabilityRank, normaliseAvailability } from '#shared/scanner/extract/availability.js';

describe('normaliseAvailability', () => {
  it.each([
    ['http://schema.org/InStock', 'InStock'],
    ['https://schema.org/InStock', 'InStock'],
    ['https://schema.org/InStock/', 'InStock'],
    ['schema:OutOfStock', 'OutOfStock'],
    ['InStock', 'InStock'],
    ['instock', 'InStock'],
    ['INSTOCK', 'InStock'],
    ['in stock', 'InStock'],
    ['in_stock', 'InStock'],
    ['oos', 'OutOfStock'],
    ['out of stock', 'OutOfStock'],
    ['preorder', 'PreOrder'],
    ['pre-order', 'PreOrder'],
    ['http://schema.org/SoldOut', 'SoldOut'],
    ['LimitedAvailability', 'LimitedAvailability'],
    ['https://schema.org/MadeToOrder', 'MadeToOrder'],
  ])('%j -> %s', (input, expected) => {
    expect(normaliseAvailability(input)).toBe(expected);
  });

  it('accepts every schema.org short name in any case', () => {
    for (const value of AVAILABILITY_VALUES) {
      expect(normaliseAvailability(value.toLowerCase())).toBe(value);
      expect(normaliseAvailability(`https://schema.org/${value}`)).toBe(value);
    }
  });

  it.each([['true'], ['maybe'], [''], [1], [null]])('rejects %j', (input) => {
    expect(normaliseAvailability(input)).toBeNull();
  });

  it('ranks buyable above unknown above unbuyable', () => {
    expect(availabilityRank('InStock')).toBeGreaterThan(availabilityRank('PreOrder'));
    expect(availabilityRank('PreOrder')).toBeGreaterThan(availabilityRank(null));
    expect(availabilityRank(null)).toBeGreaterThan(availabilityRank('OutOfStock'));
  });
});
