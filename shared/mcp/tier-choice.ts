import { forbidden } from '#shared/model/errors.js';
import { tierAtLeast, type Tier } from '#shared/model/tiers.js';

/**
 * Through the service a scan uses the account's tier, as POST /api/v1/scan does: a lower tier asked for
 * changes nothing, a higher one is refused in the words the API uses for a tier too low.
 */
export function checkRequestedTier(requested: Tier | undefined, accountTier: Tier): void {
  if (requested && !tierAtLeast(accountTier, requested)) {
    throw forbidden(`A ${requested}-tier scan needs the ${requested} tier or above; this account is on ${accountTier}`);
  }
}
