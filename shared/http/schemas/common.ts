import { z } from 'zod';

export const ErrorBody = z
  .object({ error: z.string().meta({ description: 'Human-readable message' }) })
  .meta({ id: 'Error' });

export const Uuid = z.uuid();
export const DateTime = z.iso.datetime({ offset: true });
export const NullableDateTime = DateTime.nullable();
export const IdParams = z.object({ id: Uuid });

export const TierName = z.enum(['free', 'pro', 'growth']).meta({ id: 'Tier' });
export const Unlimited = z.literal('unlimited');

/** Labels: 1-100 characters once trimmed (LABEL_MAX_LENGTH). */
export function label(max: number) {
  return z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);
}
