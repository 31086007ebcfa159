import { z } from 'zod';
import { DateTime, NullableDateTime } from '#shared/http/schemas/common-schemas.js';

const PaidTierName = z.enum(['pro', 'growth']);

export const UpgradePreviewRequest = z.strictObject({ tier: PaidTierName }).meta({ id: 'UpgradePreviewRequest' });

export const UpgradePreview = z
  .object({
    tier: PaidTierName,
    currentTier: PaidTierName,
    amountDue: z.number().int().meta({ description: 'Charged at once on upgrading, in minor units (pence); excludes VAT' }),
    currency: z.string().meta({ description: 'ISO 4217, lower case (gbp)' }),
    amountText: z.string().meta({ description: 'The amount as people read it, e.g. £12.34' }),
    prorationDate: DateTime.meta({
      description: 'The moment the proration is computed for: send it with POST /api/v1/account/subscribe to be charged this amount',
    }),
    validUntil: DateTime.meta({ description: 'After this the subscribe call refuses the prorationDate: preview again' }),
    periodEnd: NullableDateTime.meta({ description: 'The end of the current period, which the charge covers' }),
    note: z.string(),
  })
  .meta({ id: 'UpgradePreview' });
