/**
 * The real product pages split by shop into a development set (rules are written and tuned against
 * it) and a validation set (measured only), so the bench shows how the rules hold on shops they were
 * not written against. A shop is its registrable domain's name (amazon.com and amazon.co.uk are one
 * shop: one platform's templates); the validation set is the third of the shops whose SHA-256 of that
 * name sorts first (docs/decisions/074-extraction-generalisation.md).
 */
import { createHash } from 'node:crypto';

export type PageSet = 'development' | 'validation';
export const PAGE_SETS: readonly PageSet[] = ['development', 'validation'];

// Second-level public suffixes among the shops' domains (example.co.uk, example.com.br).
const SECOND_LEVEL = /\.(?:co|com|org|net|ac|gov)\.[a-z]{2}$/;

/** The shop a page belongs to: `https://www.amazon.co.uk/dp/…` -> `amazon`; an IP address is its own shop. */
export function shopOf(url: string): string {
  const host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  if (/^[\d.]+$/.test(host) || host.startsWith('[')) return host;
  const labels = host.split('.');
  return labels[labels.length - (SECOND_LEVEL.test(host) ? 3 : 2)] ?? host;
}

const hashOf = (shop: string) => createHash('sha256').update(shop).digest('hex');

/** Each page's set, given every page's URL: a third of the shops (rounded) by hash order are validation. */
export function splitBySet(urls: Record<string, string>): Map<string, PageSet> {
  const shops = [...new Set(Object.values(urls).map(shopOf))].sort((a, b) => (hashOf(a) < hashOf(b) ? -1 : 1));
  const validation = new Set(shops.slice(0, Math.round(shops.length / 3)));
  return new Map(Object.entries(urls).map(([id, url]) => [id, validation.has(shopOf(url)) ? 'validation' : 'development']));
}
