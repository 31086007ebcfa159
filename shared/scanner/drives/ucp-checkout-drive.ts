import type { CheckoutDriveReport, DrivenProduct } from '#shared/scanner/drives/drive-report.js';
import type { FetchSession } from '#shared/scanner/fetch-session.js';
import { isObject } from '#shared/scanner/drives/probe-retrieval.js';
import { checkoutSessionsUrl } from '#shared/scanner/drives/checkout-probe.js';
import { compareUcpCheckout, readUcpCheckout, type UcpCheckout } from '#shared/scanner/drives/ucp-checkout-comparison.js';
import { formatMinorUnits } from '#shared/scanner/drives/minor-units.js';
import {
  answerOf,
  cancelReserveMs,
  driveExchange,
  maxSessionIdLength,
  readBackAndCancel,
  type CheckoutDriveOptions,
  type Sent,
} from '#shared/scanner/drives/checkout-drive-exchange.js';

/**
 * The full checkout drive over UCP's REST binding (2026-04-08, its checkout REST specification): create a checkout session for one
 * product of the scan (`POST /checkout-sessions`, quantity 1), read it back (`GET /checkout-sessions/{id}`), compare
 * it with the page, then cancel it (`POST /checkout-sessions/{id}/cancel`) whatever the comparison said. It is never
 * completed and sends no buyer or payment data. Every request carries the UCP-Agent profile, a Request-Id and (POSTs)
 * an Idempotency-Key, goes through the scan's guarded fetch, follows no redirect, and keeps its answer redacted.
 */
export async function driveUcpCheckout(
  session: FetchSession,
  endpoint: string,
  product: DrivenProduct,
  /** `agentProfile`: the platform profile the UCP-Agent header names, the service's own (GET /.well-known/ucp). */
  options: CheckoutDriveOptions & { agentProfile: string },
): Promise<CheckoutDriveReport> {
  const collection = checkoutSessionsUrl('ucp', endpoint);
  const exchange = driveExchange(
    session,
    { protocol: 'ucp', endpoint, product },
    {
      ...options,
      headers: { 'ucp-agent': `profile="${options.agentProfile}"` },
    },
  );

  const item = `1 × ${product.id}`;
  const { send, finish } = exchange;
  const created = await send(
    'create',
    'POST',
    collection,
    JSON.stringify({ line_items: [{ item: { id: product.id }, quantity: 1 }] }),
    cancelReserveMs,
  );
  const made = createdCheckout(created);
  if (made.kind === 'skipped') return finish('not_asked', 'there was no time left to ask');
  if (made.kind === 'refused') return finish('refused', 'the endpoint leads to an address that is not allowed');
  if (made.kind === 'product_refused')
    return finish('product_refused', `asked for a checkout of ${item} (the page's ${product.idField}), it answered ${made.code}`);
  if (made.kind === 'failed') return finish('failed', `asked for a checkout of ${item}, ${made.detail}`);

  return readBackAndCancel(exchange, `${collection}/${encodeURIComponent(made.checkout.id)}`, made.checkout.id, {
    read: readUcpCheckout,
    compare: (checkout) => compareUcpCheckout(checkout, product),
    agreed: (checkout) => `${priceAndTotal(checkout)}, as the page says`,
    created: `created a checkout for ${item}`,
  });
}

type Created =
  | { kind: 'created'; checkout: UcpCheckout }
  | { kind: 'skipped' }
  | { kind: 'refused' }
  | { kind: 'product_refused'; code: string }
  | { kind: 'failed'; detail: string };

/** What the create answered: a checkout (201, or 200 as the docs show), a business error, or no usable answer. */
function createdCheckout({ retrieval, json }: Sent): Created {
  if (retrieval.state === 'skipped') return { kind: 'skipped' };
  if (retrieval.state === 'failed' && retrieval.reason === 'blocked') return { kind: 'refused' };
  if (retrieval.state === 'failed') return { kind: 'failed', detail: `it answered ${answerOf(retrieval)}` };
  const { status } = retrieval.resource;
  const checkout = readUcpCheckout(json);
  if ((status === 201 || status === 200) && checkout) {
    if (checkout.id === '' || checkout.id.length > maxSessionIdLength)
      return { kind: 'failed', detail: 'it answered a checkout whose id no agent can use' };
    return { kind: 'created', checkout };
  }
  const code = businessErrorCode(json);
  if (status === 200 && code !== null) return { kind: 'product_refused', code };
  return { kind: 'failed', detail: `it answered ${answerOf(retrieval)}` };
}

/** The code of UCP's business outcome with no checkout (HTTP 200, `ucp.status` "error", an error in `messages`). */
function businessErrorCode(json: unknown): string | null {
  if (!isObject(json) || !isObject(json.ucp) || json.ucp.status !== 'error' || !Array.isArray(json.messages)) return null;
  const error = json.messages.find((message) => isObject(message) && message.type === 'error') as Record<string, unknown> | undefined;
  const code = error?.code;
  return typeof code === 'string' && /^[A-Za-z0-9_.-]{1,40}$/.test(code) ? code : 'an error';
}

function priceAndTotal(checkout: UcpCheckout): string {
  const currency = checkout.currency?.toUpperCase() ?? '';
  const price = checkout.lines[0]?.price as number;
  const total = checkout.totals?.find((entry) => entry.type === 'total')?.amount ?? 0;
  return `${formatMinorUnits(price, currency)}, total ${formatMinorUnits(total, currency)}`;
}
