import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of an alert mail's unsubscribe link: the account id and the site ids the link turns alerts
 * off for, as raw UUID bytes, then the first 128 bits of an HMAC-SHA256 over them keyed from the key
 * pepper; base64url. Nothing is stored: the link works for as long as the pepper is unchanged, cannot be
 * guessed or altered without the pepper, and a one-site link is 64 characters.
 */
export interface UnsubscribeScope {
  accountId: string;
  siteIds: string[];
}

/** The most sites one link names: 25 keep the `List-Unsubscribe` header under SES's 995 characters. */
export const maxSitesPerToken = 25;

const idBytes = 16;
const macBytes = 16;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const tokenPattern = /^[A-Za-z0-9_-]+$/;

/** A key of its own for these links, so a token's MAC is never an API-key or sign-in digest. */
function signingKey(pepper: string): Buffer {
  return createHmac('sha256', pepper).update('alert-unsubscribe/v1').digest();
}

function macOf(payload: Buffer, pepper: string): Buffer {
  return createHmac('sha256', signingKey(pepper)).update(payload).digest().subarray(0, macBytes);
}

function uuidBytes(id: string): Buffer {
  if (!uuidPattern.test(id)) throw new Error('An unsubscribe token names UUIDs only');
  return Buffer.from(id.replaceAll('-', ''), 'hex');
}

function uuidText(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function unsubscribeToken(scope: UnsubscribeScope, pepper: string): string {
  if (scope.siteIds.length === 0 || scope.siteIds.length > maxSitesPerToken)
    throw new Error(`An unsubscribe token names 1 to ${maxSitesPerToken} sites`);
  const payload = Buffer.concat([uuidBytes(scope.accountId), ...scope.siteIds.map(uuidBytes)]);
  return Buffer.concat([payload, macOf(payload, pepper)]).toString('base64url');
}

/**
 * What a presented token names: `malformed` when it cannot be a token at all, `forged` when its MAC is
 * not the service's (changed, made up, or signed with another pepper).
 */
export function readUnsubscribeToken(token: string, pepper: string): UnsubscribeScope | 'malformed' | 'forged' {
  const longest = Math.ceil(((1 + maxSitesPerToken) * idBytes + macBytes) * (4 / 3));
  if (token.length > longest || !tokenPattern.test(token)) return 'malformed';
  const bytes = Buffer.from(token, 'base64url');
  const sites = (bytes.length - macBytes - idBytes) / idBytes;
  if (bytes.toString('base64url') !== token || !Number.isInteger(sites) || sites < 1 || sites > maxSitesPerToken) return 'malformed';
  const payload = bytes.subarray(0, bytes.length - macBytes);
  if (!timingSafeEqual(bytes.subarray(payload.length), macOf(payload, pepper))) return 'forged';
  const ids = Array.from({ length: sites + 1 }, (_, index) => uuidText(payload.subarray(index * idBytes, (index + 1) * idBytes)));
  return { accountId: ids[0]!, siteIds: ids.slice(1) };
}

/** The route that reads these tokens (shared/http/route-index.ts: showAlertUnsubscribePage, unsubscribeAlerts). */
export const unsubscribePath = '/api/v1/alerts/unsubscribe';

/** The link in an alert mail, on the service's public base URL (never a request's Host). */
export function unsubscribeLink(publicBaseUrl: string, scope: UnsubscribeScope, pepper: string): string {
  const link = new URL(unsubscribePath, publicBaseUrl);
  link.searchParams.set('token', unsubscribeToken(scope, pepper));
  return link.toString();
}
