import type { CheckoutComparison, DrivenProduct } from '#shared/scanner/drives/drive-report.js';
import { isObject } from '#shared/scanner/drives/probe-retrieval.js';
import { formatMinorUnits } from '#shared/scanner/drives/minor-units.js';
import { lineTotalOf, priceComparison, shownValue } from '#shared/scanner/drives/page-price.js';

interface Total {
  type: string;
  amount: number;
}

/** An ACP checkout session as far as the drive reads it; null when the answer is not one (no id or line items). */
export interface AcpCheckout {
  id: string;
  status: string | null;
  /** The settlement currency, and the one shown to the buyer where it differs. */
  currency: unknown;
  presentmentCurrency: unknown;
  lines: Array<{ itemId: unknown; quantity: unknown; unitAmount: unknown; total: unknown }>;
  /** Null unless every entry has a string type and an integer amount, as ACP's Total requires. */
  totals: Total[] | null;
}

const baseTypes = new Set(['items_base_amount', 'base_amount']);

function readTotals(value: unknown): Total[] | null {
  if (!Array.isArray(value)) return null;
  const totals = value.filter(
    (entry): entry is Total => isObject(entry) && typeof entry.type === 'string' && Number.isSafeInteger(entry.amount),
  );
  return totals.length === value.length ? totals : null;
}

/** A line's unit price: its own `unit_amount`, its item's, or (one unit) its base amount. */
function unitAmountOf(line: Record<string, unknown>, item: Record<string, unknown>): unknown {
  if (line.unit_amount !== undefined) return line.unit_amount;
  if (item.unit_amount !== undefined) return item.unit_amount;
  const base = line.quantity === 1 ? readTotals(line.totals)?.find((entry) => baseTypes.has(entry.type)) : undefined;
  return base?.amount;
}

export function readAcpCheckout(json: unknown): AcpCheckout | null {
  if (!isObject(json) || typeof json.id !== 'string' || !Array.isArray(json.line_items)) return null;
  return {
    id: json.id,
    status: typeof json.status === 'string' ? json.status : null,
    currency: json.currency,
    presentmentCurrency: json.presentment_currency,
    lines: json.line_items.map((line) => {
      const entry = isObject(line) ? line : {};
      const item = isObject(entry.item) ? entry.item : {};
      return { itemId: item.id, quantity: entry.quantity, unitAmount: unitAmountOf(entry, item), total: lineTotalOf(entry.totals) };
    }),
    totals: readTotals(json.totals),
  };
}

const currencyCode = (value: unknown): string | null =>
  typeof value === 'string' && /^[A-Za-z]{3}$/.test(value) ? value.toUpperCase() : null;

/**
 * The session against the page it was made from (ACP 2026-04-17, its checkout OpenAPI): one line item for the item
 * sent, quantity 1, in the page's currency (ACP writes it lower-case) at the page's price, amounts being integers in
 * minor units; and totals that are ACP's Total objects. ACP states no arithmetic between totals, so none is asked.
 * The price is compared only where the amounts are in the currency the buyer sees: with another presentment currency,
 * ACP's amounts are the settlement currency's.
 */
export function compareAcpCheckout(checkout: AcpCheckout, product: DrivenProduct): CheckoutComparison[] {
  const line = checkout.lines.length === 1 ? checkout.lines[0]! : null;
  const comparisons: CheckoutComparison[] = [
    {
      what: 'line item',
      ok: line !== null && line.itemId === product.id && line.quantity === 1,
      expected: `1 × ${product.id}`,
      found: line === null ? `${checkout.lines.length} line items` : `${shownValue(line.quantity)} × ${shownValue(line.itemId)}`,
    },
  ];
  const settlement = currencyCode(checkout.currency);
  const shown =
    checkout.presentmentCurrency === undefined || checkout.presentmentCurrency === null
      ? settlement
      : currencyCode(checkout.presentmentCurrency);
  comparisons.push({
    what: 'currency',
    ok: shown === product.currency,
    expected: product.currency,
    found: shownValue(checkout.presentmentCurrency ?? checkout.currency),
  });
  if (line !== null && line.unitAmount !== undefined && shown === settlement && settlement !== null)
    comparisons.push(priceComparison(product, line.unitAmount, line.quantity === 1 ? line.total : undefined, settlement));
  const total = checkout.totals?.find((entry) => entry.type === 'total');
  comparisons.push(
    checkout.totals === null
      ? { what: 'totals', ok: false, expected: "ACP's totals (type, display_text, an integer amount)", found: 'none readable' }
      : {
          what: 'totals',
          ok: true,
          expected: "ACP's totals",
          found: total && settlement ? `total ${formatMinorUnits(total.amount, settlement)}` : `${checkout.totals.length} entries`,
        },
  );
  return comparisons;
}
