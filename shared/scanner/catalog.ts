import type { Platform } from '#shared/scanner/parse/platform.js';
import { isRecord } from '#shared/scanner/parse/well-known/json-body.js';

/** The public JSON catalog a platform serves by default, if it has one. */
export function catalogFor(platform: Platform, origin: string): string | null {
  if (platform === 'shopify') return `${origin}/products.json?limit=8`;
  if (platform === 'woocommerce') return `${origin}/wp-json/wc/store/v1/products?per_page=8`;
  return null;
}

/** Product page URLs from a Shopify products.json or WooCommerce Store API answer; [] for anything else. */
export function productUrlsFromCatalog(body: string | null, origin: string): string[] {
  if (body === null) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(body) as unknown;
  } catch {
    return [];
  }
  if (isRecord(parsed) && Array.isArray(parsed.products)) {
    return parsed.products
      .map((product) =>
        isRecord(product) && typeof product.handle === 'string' ? `${origin}/products/${encodeURIComponent(product.handle)}` : null,
      )
      .filter((url): url is string => url !== null);
  }
  if (Array.isArray(parsed)) {
    return parsed
      .map((product) => (isRecord(product) && typeof product.permalink === 'string' ? product.permalink : null))
      .filter((url): url is string => url !== null);
  }
  return [];
}
