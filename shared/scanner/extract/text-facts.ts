import type { CheerioAPI } from 'cheerio';
import type { Availability } from './availability.js';
import { findBuyButton } from './buy-button.js';
import { availabilityFromText } from './text-availability.js';
import { identifiersFromText } from './text-identifiers.js';
import type { FactField } from './types.js';
import { mainPriceNearTitle } from './text-price.js';

/** What the visible page states without markup: the fields an agent reading the text would take. */
export interface TextFacts {
  price?: string;
  currency?: string;
  availability?: Availability;
  sku?: string;
  gtin?: string;
  mpn?: string;
}

/**
 * The facts a reader of the page takes from its visible text where no markup states them, with high
 * precision: the main price by the product's title and buy button (text-price.ts), availability from
 * the page's wording or an enabled buy button, and identifiers only where a label names them.
 */
export function textFacts($: CheerioAPI, visibleText: string, wanted: ReadonlySet<FactField>): TextFacts {
  const facts: TextFacts = {};
  const buyButton = wanted.has('price') || wanted.has('availability') ? findBuyButton($) : null;
  if (wanted.has('price')) {
    const price = mainPriceNearTitle($, buyButton);
    if (price) {
      facts.price = price.price;
      if (price.currency) facts.currency = price.currency;
    }
  }
  if (wanted.has('availability')) {
    const availability = availabilityFromText(visibleText, buyButton);
    if (availability) facts.availability = availability;
  }
  Object.assign(facts, identifiersFromText(visibleText, wanted));
  return facts;
}
