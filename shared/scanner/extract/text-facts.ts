import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import type { Availability } from './availability.js';
import { buyBoxText } from './buy-box.js';
import { findBuyButton, isDisabled } from './buy-button.js';
import { availabilityFromText } from './text-availability.js';
import { identifiersFromText } from './text-identifiers.js';
import type { FactField } from './types.js';
import { mainPriceNearTitle } from './text-price.js';

/** Stock as the main product's own part of the page states it beyond doubt, and what it rests on. */
export interface StockShown {
  availability: 'InStock' | 'OutOfStock';
  basis: 'sold-out-shown' | 'buy-button-enabled';
}

/** What the visible page states without markup: the fields an agent reading the text would take. */
export interface TextFacts {
  price?: string;
  currency?: string;
  /** The crossed-out list price shown beside `price`, when there is one. */
  listPrice?: string;
  availability?: Availability;
  /** Read only to hold a markup availability against (agent-view.ts), never to fill a gap. */
  stock?: StockShown;
  sku?: string;
  gtin?: string;
  mpn?: string;
}

/** Fields the markup states that the visible page is read to hold them against (agent-view.ts). */
export type ComparedField = 'price' | 'availability';

/**
 * The facts a reader of the page takes from its visible text, with high precision: the main price by
 * the product's title and buy button (text-price.ts), availability from the page's wording or an
 * enabled buy button, and identifiers only where a label names them. `wanted`: the fields to read;
 * `compared`: fields the markup states, read too so "what agents see" can hold the two against each
 * other (the price as for `wanted`, availability as the buy box shows it beyond doubt, `stock`).
 */
export function textFacts(
  $: CheerioAPI,
  visibleText: string,
  wanted: ReadonlySet<FactField>,
  compared: ReadonlySet<ComparedField> = new Set(),
): TextFacts {
  const facts: TextFacts = {};
  const readPrice = wanted.has('price') || compared.has('price');
  const buyButton = readPrice || wanted.has('availability') || compared.has('availability') ? findBuyButton($) : null;
  if (readPrice) {
    const price = mainPriceNearTitle($, buyButton);
    if (price) {
      facts.price = price.price;
      if (price.currency) facts.currency = price.currency;
      if (price.listPrice) facts.listPrice = price.listPrice;
    }
  }
  if (wanted.has('availability')) {
    const availability = availabilityFromText(visibleText, buyButton, $);
    if (availability) facts.availability = availability;
  }
  if (compared.has('availability')) {
    const stock = stockShown($, buyButton);
    if (stock) facts.stock = stock;
  }
  Object.assign(facts, identifiersFromText(visibleText, wanted, $, buyButton));
  return facts;
}

/**
 * Stock as the product's buy box (buy-box.ts: by its title and buy button) shows it, only where nothing
 * there says otherwise: an enabled buy button with no sold-out wording in the box is in stock; sold-out
 * wording in the box of a page with no buy button, or a disabled buy button labelled sold out, is out
 * of stock. A disabled button still labelled to buy says neither: themes ship both states and scripts
 * pick one.
 */
function stockShown($: CheerioAPI, buyButton: Element | null): StockShown | null {
  const box = buyBoxText($, buyButton);
  if (box === null) return null;
  // Without a buy button, the phrases that name stock ("sold out", "Auf Lager"), the first one in the box.
  const boxSays = availabilityFromText(box, null);
  if (buyButton === null) return boxSays === 'OutOfStock' ? { availability: 'OutOfStock', basis: 'sold-out-shown' } : null;
  const label = buyButton.name === 'input' ? (buyButton.attribs.value ?? '') : $(buyButton).text();
  const labelSays = availabilityFromText(label, null);
  if (isDisabled(buyButton)) return labelSays === 'OutOfStock' ? { availability: 'OutOfStock', basis: 'sold-out-shown' } : null;
  if (labelSays === 'OutOfStock' || boxSays === 'OutOfStock') return null;
  return { availability: 'InStock', basis: 'buy-button-enabled' };
}
