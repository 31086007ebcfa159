import type { CheckoutComparison, DrivenProduct } from '#shared/scanner/drives/drive-report.js';
import { formatMinorUnits, toMinorUnits } from '#shared/scanner/drives/minor-units.js';
import { answerExcerpt } from '#shared/scanner/checks/agentic-commerce/answer-excerpt.js';

/**
 * A checkout's price of one unit against the page's. Neither UCP nor ACP says whether a unit price includes tax: a
 * shop may show prices with tax on its pages (as EU law asks) while its checkout states them without and adds the tax
 * in the totals, or apply a discount at the line. So the line's own total for its one unit, where it states one,
 * agrees with the page too; only a price that matches neither is a difference.
 */
export function priceComparison(product: DrivenProduct, unit: unknown, lineTotal: unknown, currency: string | null): CheckoutComparison {
  const pagePrice = toMinorUnits(product.price, product.currency);
  const expected = pagePrice === null ? `${product.price} ${product.currency}` : formatMinorUnits(pagePrice, product.currency);
  const money = (value: unknown) =>
    Number.isSafeInteger(value) && currency ? formatMinorUnits(value as number, currency) : shownValue(value);
  if (pagePrice !== null && unit === pagePrice) return { what: 'price', ok: true, expected, found: money(unit) };
  if (pagePrice !== null && Number.isSafeInteger(unit) && lineTotal === pagePrice)
    return { what: 'price', ok: true, expected, found: `${money(unit)} a unit, ${money(lineTotal)} for the line` };
  return { what: 'price', ok: false, expected, found: money(unit) };
}

/** The amount of a line's `total` entry, as both protocols write line totals; undefined where there is none. */
export function lineTotalOf(totals: unknown): unknown {
  if (!Array.isArray(totals)) return undefined;
  const entry: unknown = totals.find(
    (total) => typeof total === 'object' && total !== null && (total as { type?: unknown }).type === 'total',
  );
  return entry === undefined ? undefined : (entry as { amount?: unknown }).amount;
}

/** A value the checkout gave, for evidence: plain text (no controls or direction overrides), at most 40 characters. */
export function shownValue(value: unknown): string {
  const text = answerExcerpt(JSON.stringify(value ?? null));
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
