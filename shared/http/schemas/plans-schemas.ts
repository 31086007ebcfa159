import { z } from 'zod';
import { TierName, Unlimited } from '#shared/http/schemas/common-schemas.js';

export const Plan = z
  .object({
    tier: TierName,
    name: z.string(),
    price: z.string().meta({ description: 'Display text; prices exclude VAT' }),
    priceMonthlyGbp: z.number(),
    limits: z.object({
      scansPerDay: z.union([z.number().int(), Unlimited]),
      watchedSites: z.number().int(),
      apiCallsMonthly: z.number().int(),
      apiKeysMax: z.number().int(),
      webhooksMax: z.number().int(),
    }),
  })
  .meta({ id: 'Plan' });

export const PlanList = z.object({ plans: z.array(Plan) }).meta({ id: 'PlanList' });

export const PriceList = z
  .object({
    currency: z.literal('GBP'),
    pricesIncludeVat: z.literal(false),
    note: z.string(),
    plans: z.array(
      Plan.extend({
        pagesPerScan: z.number().int(),
        features: z.array(z.string()).meta({ description: 'What the plan does today, in the limits and tier gates the service enforces' }),
        comingSoon: z.array(z.string()).meta({ description: 'Announced, not yet available (empty while everything listed is built)' }),
      }),
    ),
  })
  .meta({ id: 'PriceList' });
