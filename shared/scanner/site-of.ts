import { getDomain } from 'tldts';

/** The registrable domain ("shop.co.uk" for www.shop.co.uk, private suffixes such as myshopify.com respected), or the host itself. */
export function siteOf(url: URL): string {
  return getDomain(url.hostname, { allowPrivateDomains: true }) ?? url.hostname;
}
