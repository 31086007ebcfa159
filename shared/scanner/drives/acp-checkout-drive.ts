import type { CheckoutDriveReport, DrivenProduct } from '#shared/scanner/drives/drive-report.js';
import type { FetchSession } from '#shared/scanner/fetch-session.js';
import { checkoutSessionsUrl, isAcpError } from '#shared/scanner/drives/checkout-probe.js';
import { compareAcpCheckout, readAcpCheckout, type AcpCheckout } from '#shared/scanner/drives/acp-checkout-comparison.js';
import {
  answerOf,
  cancelReserveMs,
  driveExchange,
  maxSessionIdLength,
  readBackAndCancel,
  type CheckoutDriveOptions,
  type Sent,
} from '#shared/scanner/drives/checkout-drive-exchange.js';
import { versionOf } from '#shared/scanner/standards.js';

/**
 * The full checkout drive over ACP's REST API (2026-04-17, its checkout OpenAPI): create a checkout session for one
 * product of the scan (`POST /checkout_sessions` with one line item, the page's currency and no capabilities), read it
 * back (`GET /checkout_sessions/{id}`), compare it with the page, then cancel it (`POST /checkout_sessions/{id}/cancel`)
 * whatever the comparison said. Never completed; no buyer or payment data. ACP requires the merchant's bearer token on
 * every call, so this runs only with the credential the site's proven owner gave; the token is sent as
 * `Authorization: Bearer` with `API-Version`, and never kept in the evidence.
 */
export async function driveAcpCheckout(
  session: FetchSession,
  endpoint: string,
  product: DrivenProduct,
  options: CheckoutDriveOptions & { bearerToken: string },
): Promise<CheckoutDriveReport> {
  const collection = checkoutSessionsUrl('acp', endpoint);
  const exchange = driveExchange(
    session,
    { protocol: 'acp', endpoint, product },
    {
      ...options,
      headers: { authorization: `Bearer ${options.bearerToken}`, 'api-version': versionOf('acpDiscovery') },
      secrets: [options.bearerToken],
    },
  );

  const item = `1 × ${product.id}`;
  const body = { line_items: [{ id: product.id }], currency: product.currency.toLowerCase(), capabilities: {} };
  const { send, finish } = exchange;
  const made = createdSession(await send('create', 'POST', collection, JSON.stringify(body), cancelReserveMs));
  if (made.kind !== 'created') return finish(made.kind === 'skipped' ? 'not_asked' : made.kind, notCreated(made, item, product));

  return readBackAndCancel(exchange, `${collection}/${encodeURIComponent(made.checkout.id)}`, made.checkout.id, {
    read: readAcpCheckout,
    compare: (checkout) => compareAcpCheckout(checkout, product),
    agreed: (_checkout, comparisons) => agreedTerms(comparisons),
    created: `created a checkout session for ${item}`,
  });
}

type NotCreated = { kind: 'skipped' | 'refused' | 'credential_refused' | 'product_refused' | 'failed'; detail: string };
type Created = { kind: 'created'; checkout: AcpCheckout } | NotCreated;

function notCreated(made: NotCreated, item: string, product: DrivenProduct): string {
  if (made.kind === 'skipped') return 'there was no time left to ask';
  if (made.kind === 'refused') return 'the endpoint leads to an address that is not allowed';
  if (made.kind === 'credential_refused')
    return `asked for a checkout of ${item}, it refused the bearer token the owner gave (${made.detail})`;
  if (made.kind === 'product_refused') return `asked for a checkout of ${item} (the page's ${product.idField}), it answered ${made.detail}`;
  return `asked for a checkout of ${item}, it answered ${made.detail}`;
}

/**
 * What the create answered. A session (ACP: 201; a 200 is read as one too). The owner's token refused: 401, or 403
 * with ACP's Error. Any other 4xx with ACP's Error ({type, code, message}) declines this request as the protocol
 * says (an item it does not sell by that id, a version it does not speak): nothing is judged from it. Anything else
 * is an answer no agent can act on.
 */
function createdSession({ retrieval, json }: Sent): Created {
  if (retrieval.state === 'skipped') return { kind: 'skipped', detail: '' };
  if (retrieval.state === 'failed' && retrieval.reason === 'blocked') return { kind: 'refused', detail: '' };
  if (retrieval.state === 'failed') return { kind: 'failed', detail: answerOf(retrieval) };
  const { status } = retrieval.resource;
  const checkout = readAcpCheckout(json);
  if ((status === 201 || status === 200) && checkout) {
    if (checkout.id === '' || checkout.id.length > maxSessionIdLength)
      return { kind: 'failed', detail: 'a checkout session whose id no agent can use' };
    return { kind: 'created', checkout };
  }
  const error = isAcpError(json) ? errorLine(status, json) : null;
  if (status === 401 || (status === 403 && error)) return { kind: 'credential_refused', detail: error ?? `HTTP ${status}` };
  if (status >= 400 && status < 500 && error) return { kind: 'product_refused', detail: error };
  return { kind: 'failed', detail: answerOf(retrieval) };
}

/** The error's type (from ACP's enum) and, where it is a plain short code, its code. */
function errorLine(status: number, error: { type: string; code: string }): string {
  return `HTTP ${status} ${error.type}${/^[A-Za-z0-9_.-]{1,40}$/.test(error.code) ? `, ${error.code}` : ''}`;
}

function agreedTerms(comparisons: CheckoutDriveReport['comparisons']): string {
  const price = comparisons.find((comparison) => comparison.what === 'price');
  const total = comparisons.find((comparison) => comparison.what === 'totals');
  return [price ? `${price.found} as the page says` : "the page's currency", total?.found].filter(Boolean).join(', ');
}
