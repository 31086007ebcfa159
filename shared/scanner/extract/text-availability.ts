/** Availability as the visible page words it, or as its buy button shows it. */
import type { Element } from 'domhandler';
import type { Availability } from './availability.js';

// Availability phrases, each language's usual shop wording; "back in stock" is about the future.
// Only wording about stock: "not available" alone is as often about an image, a video or a store.
const OUT_OF_STOCK = new RegExp(
  String.raw`(?<![\p{L}])(?:currently unavailable|out of stock|sold out|no longer available|temporarily unavailable|` +
    String.raw`nicht (?:mehr )?(?:lieferbar|auf lager|vorrätig)|ausverkauft|derzeit nicht (?:lieferbar|verfügbar)|vergriffen|` +
    String.raw`épuisée?|rupture de stock|plus disponible|` +
    String.raw`agotado|sin stock|sin existencias|` +
    String.raw`esaurito|non disponibile in magazzino|` +
    String.raw`uitverkocht|niet (?:meer )?(?:leverbaar|op voorraad)|` +
    String.raw`esgotado|sem estoque|fora de estoque|` +
    String.raw`wyprzedany|brak w magazynie|brak towaru|` +
    String.raw`vypredané|nie je skladom)(?![\p{L}])`,
  'iu',
);
const IN_STOCK = new RegExp(
  String.raw`(?<![\p{L}])(?<!back )(?:in stock|available now|ready to ship|` +
    String.raw`auf lager|sofort lieferbar|lieferbar|sofort verfügbar|` +
    String.raw`en stock|disponible immédiatement|` +
    String.raw`en existencia|disponible|` +
    String.raw`disponibile|` +
    String.raw`op voorraad|direct leverbaar|` +
    String.raw`em estoque|disponível|` +
    String.raw`dostępny|na stanie|w magazynie|` +
    String.raw`skladom|na sklade|skladem)(?![\p{L}])`,
  'iu',
);

/** An enabled buy button means the product can be bought; otherwise the page's first stock wording decides. */
export function availabilityFromText(text: string, buyButton: Element | null): Availability | null {
  if (buyButton && !isDisabled(buyButton)) return 'InStock';
  const out = OUT_OF_STOCK.exec(text);
  const inStock = IN_STOCK.exec(text);
  if (out && (!inStock || out.index < inStock.index)) return 'OutOfStock';
  if (inStock) return 'InStock';
  return null;
}

function isDisabled(button: Element): boolean {
  return (
    button.attribs.disabled !== undefined || button.attribs['aria-disabled'] === 'true' || /\bdisabled\b/i.test(button.attribs.class ?? '')
  );
}
