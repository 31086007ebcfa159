import { z } from 'zod';

/**
 * The unsubscribe link's query. The token is checked by the handler, not here, so a damaged link gets
 * a readable page (GET) rather than a validation message; other parameters (a mail client's tracking
 * tags) are ignored.
 */
export const UnsubscribeQuery = z.object({
  token: z.string().optional().meta({ description: 'The token of the link in the alert e-mail' }),
});
