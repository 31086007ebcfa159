import type { Config } from '#shared/config.js';
import type { RouteDef } from '#shared/http/route-types.js';

/**
 * Account, key and billing routes: outside the monthly allowance, so they still answer when it is
 * spent (a user must be able to see why and to upgrade); their own hourly limit keeps them bounded.
 */
export function accountRouteLimits(config: Pick<Config, 'accountRoutesLimitPerHour' | 'dashboardRoutesLimitPerHour'>) {
  return {
    metered: false,
    rateLimit: {
      name: 'account-routes',
      per: 'account',
      limit: config.accountRoutesLimitPerHour,
      windowSeconds: 3_600,
      ownPages: { limit: config.dashboardRoutesLimitPerHour },
    },
  } as const satisfies Pick<RouteDef, 'metered' | 'rateLimit'>;
}
