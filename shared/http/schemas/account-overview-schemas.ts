import { z } from 'zod';
import { AccountInfo } from '#shared/http/schemas/account-schemas.js';
import { DateTime } from '#shared/http/schemas/common-schemas.js';
import { ScoreHistoryEntry, WatchedSite } from '#shared/http/schemas/sites-schemas.js';
import { Webhook } from '#shared/http/schemas/webhooks-schemas.js';

export const AccountOverview = z
  .object({
    account: AccountInfo,
    scans: z
      .object({
        recent: z.array(
          z.object({
            id: z.uuid(),
            url: z.string(),
            score: z.number().int(),
            band: z.enum(['agent_ready', 'partially_ready', 'needs_work', 'not_ready']),
            createdAt: DateTime,
          }),
        ),
        total: z.number().int(),
      })
      .nullable()
      .meta({ description: 'The 5 newest scans; null without the scanner:read scope' }),
    sites: z
      .object({
        sites: z.array(
          WatchedSite.extend({
            history: z
              .array(ScoreHistoryEntry)
              .nullable()
              .meta({ description: 'The last 12 scores, oldest first; null past the first 20 sites' }),
          }),
        ),
        limit: z.number().int(),
        used: z.number().int(),
      })
      .nullable()
      .meta({ description: 'Watched sites; null without the sites:read scope' }),
    webhooks: z
      .object({ webhooks: z.array(Webhook), limit: z.number().int(), used: z.number().int() })
      .nullable()
      .meta({ description: 'Webhook endpoints with their last delivery; null without the webhooks:read scope' }),
  })
  .meta({ id: 'AccountOverview' });
