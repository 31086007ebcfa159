import { versionOf } from '#shared/scanner/standards.js';

/** Where the service publishes the profile its checkout drives name in the UCP-Agent header. */
export const platformProfilePath = '/.well-known/ucp';

export function platformProfileUrl(publicBaseUrl: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}${platformProfilePath}`;
}

/**
 * The service's UCP platform profile (UCP's discovery schema, `platform_profile`): a business fetches it to learn who
 * is calling and which capabilities to negotiate. It declares the shopping service over REST, the checkout and catalog
 * lookup capabilities only, and no payment handler: a drive never pays.
 */
export function platformProfile(): Record<string, unknown> {
  const version = versionOf('ucp');
  const base = `https://ucp.dev/${version}`;
  return {
    ucp: {
      version,
      services: {
        'dev.ucp.shopping': [
          { version, transport: 'rest', spec: `${base}/specification/overview`, schema: `${base}/services/shopping/rest.openapi.json` },
        ],
      },
      capabilities: {
        'dev.ucp.shopping.checkout': [
          { version, spec: `${base}/specification/checkout`, schema: `${base}/schemas/shopping/checkout.json` },
        ],
        'dev.ucp.shopping.catalog.lookup': [
          { version, spec: `${base}/specification/catalog/lookup`, schema: `${base}/schemas/shopping/catalog_lookup.json` },
        ],
      },
      payment_handlers: {},
    },
  };
}
