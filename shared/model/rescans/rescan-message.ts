import { z } from 'zod';

/** One site's rescan for one sweep: `slot` is the sweep's ISO week, or a forced run's id (`run-…`). */
export const RescanMessage = z.object({
  kind: z.literal('rescan'),
  accountId: z.string().min(1),
  siteId: z.string().min(1),
  slot: z.string().min(1),
  /** Times the message was put back to wait for its host (politeness), so it cannot wait for ever. */
  deferrals: z.number().int().nonnegative().default(0),
  /** The owner asked for a checkout drive now: done if this rescan's ownership check proves the site is theirs. */
  checkoutDrive: z.boolean().optional(),
});
export type RescanMessage = z.infer<typeof RescanMessage>;
