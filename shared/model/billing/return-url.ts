import type { Config } from '#shared/config.js';

/** Where checkout and the billing portal send the customer back: BILLING_RETURN_URL, or the dashboard. */
export function billingReturnUrl(config: Pick<Config, 'billingReturnUrl' | 'publicBaseUrl'>): string {
  return config.billingReturnUrl !== '' ? config.billingReturnUrl : new URL('/app', config.publicBaseUrl).toString();
}
