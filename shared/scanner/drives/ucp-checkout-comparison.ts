import type { CheckoutComparison, DrivenProduct } from '#shared/scanner/drives/drive-report.js';
import { isObject } from '#shared/scanner/drives/probe-retrieval.js';
import { formatMinorUnits } from '#shared/scanner/drives/minor-units.js';
import { lineTotalOf, priceComparison, shownValue } from '#shared/scanner/drives/page-price.js';

interface Total {
  type: string;
  amount: number;
}

/** A UCP checkout as far as the drive reads it; null when the answer is not one (no id, line items or totals). */
export interface UcpCheckout {
  id: string;
  status: string | null;
  currency: string | null;
  lines: Array<{ itemId: unknown; price: unknown; quantity: unknown; total: unknown }>;
  totals: Total[] | null;
}

export function readUcpCheckout(json: unknown): UcpCheckout | null {
  if (!isObject(json) || typeof json.id !== 'string' || !Array.isArray(json.line_items)) return null;
  const totals = Array.isArray(json.totals)
    ? json.totals.filter((entry): entry is Total => isObject(entry) && typeof entry.type === 'string' && Number.isSafeInteger(entry.amount))
    : null;
  return {
    id: json.id,
    status: typeof json.status === 'string' ? json.status : null,
    currency: typeof json.currency === 'string' ? json.currency : null,
    lines: json.line_items.map((line) => {
      const item = isObject(line) && isObject(line.item) ? line.item : {};
      return {
        itemId: item.id,
        price: item.price,
        quantity: isObject(line) ? line.quantity : undefined,
        total: isObject(line) ? lineTotalOf(line.totals) : undefined,
      };
    }),
    totals: totals && totals.length === (json.totals as unknown[]).length ? totals : null,
  };
}

/**
 * The checkout against the page it was made from (UCP 2026-04-08, its checkout specification): one line item for the product sent,
 * quantity 1, in the page's currency at the page's price (integers in minor units), and totals with exactly one
 * `subtotal` (the line items' prices times their quantities) and one `total` equal to the sum of every other entry.
 */
export function compareUcpCheckout(checkout: UcpCheckout, product: DrivenProduct): CheckoutComparison[] {
  const line = checkout.lines.length === 1 ? checkout.lines[0]! : null;
  const comparisons: CheckoutComparison[] = [];
  const lineOk = line !== null && line.itemId === product.id && line.quantity === 1;
  comparisons.push({
    what: 'line item',
    ok: lineOk,
    expected: `1 × ${product.id}`,
    found: line === null ? `${checkout.lines.length} line items` : `${shownValue(line.quantity)} × ${shownValue(line.itemId)}`,
  });
  // Only a code shaped like ISO 4217 is printed as one: anything else is shown as the checkout's own text.
  const currency = checkout.currency && /^[A-Za-z]{3}$/.test(checkout.currency) ? checkout.currency.toUpperCase() : null;
  comparisons.push({
    what: 'currency',
    ok: currency === product.currency,
    expected: product.currency,
    found: shownValue(checkout.currency),
  });
  comparisons.push(priceComparison(product, line?.price, line?.quantity === 1 ? line.total : undefined, currency));
  comparisons.push(totalsComparison(checkout, currency ?? product.currency));
  return comparisons;
}

function totalsComparison(checkout: UcpCheckout, currency: string): CheckoutComparison {
  const what = 'totals';
  if (checkout.totals === null) return { what, ok: false, expected: 'totals with integer amounts', found: 'none readable' };
  const subtotals = checkout.totals.filter((entry) => entry.type === 'subtotal');
  const totals = checkout.totals.filter((entry) => entry.type === 'total');
  if (subtotals.length !== 1 || totals.length !== 1)
    return { what, ok: false, expected: 'one subtotal and one total', found: `${subtotals.length} subtotal, ${totals.length} total` };
  const linesSum = checkout.lines.reduce<number | null>(
    (sum, line) =>
      sum !== null && Number.isSafeInteger(line.price) && Number.isSafeInteger(line.quantity)
        ? sum + (line.price as number) * (line.quantity as number)
        : null,
    0,
  );
  const others = checkout.totals.filter((entry) => entry.type !== 'total').reduce((sum, entry) => sum + entry.amount, 0);
  const money = (amount: number) => formatMinorUnits(amount, currency);
  if (linesSum !== null && subtotals[0]!.amount !== linesSum)
    return { what, ok: false, expected: `subtotal ${money(linesSum)} (the line items)`, found: `subtotal ${money(subtotals[0]!.amount)}` };
  if (totals[0]!.amount !== others)
    return {
      what,
      ok: false,
      expected: `total ${money(others)} (the sum of the other entries)`,
      found: `total ${money(totals[0]!.amount)}`,
    };
  return { what, ok: true, expected: `total ${money(others)}`, found: `total ${money(totals[0]!.amount)}` };
}
