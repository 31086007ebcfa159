/**
 * What the load changes in a service it starts itself: scans may reach the loopback shops, and the
 * limits the load would otherwise hit within seconds are raised (the spec's values are per IP, per
 * day, per month; one generator on one address would exhaust them at once). The retry of a failed
 * webhook delivery starts after 5 s instead of 60 s so deliveries that failed during a fault are
 * retried within the run's drain. The command prints these.
 */
export const loadServiceSettings: Readonly<Record<string, string>> = {
  ALLOW_PRIVATE_TARGETS: '127.0.0.1',
  PUBLIC_SCAN_LIMIT_PER_DAY: '1000000',
  PUBLIC_SCAN_ATTEMPTS_PER_DAY: '1000000',
  REGISTER_LIMIT_PER_HOUR: '1000',
  FREE_API_CALLS_MONTHLY: '10000000',
  GROWTH_API_CALLS_MONTHLY: '10000000',
  FREE_SCANS_PER_DAY: '10000000',
  FREE_WATCHED_SITES: '1000000',
  FREE_API_KEYS_MAX: '1000000',
  ACCOUNT_ROUTES_LIMIT_PER_HOUR: '10000000',
  BATCHES_OUTSTANDING_MAX: '1000',
  WEBHOOK_RETRY_BASE_SECONDS: '5',
};
