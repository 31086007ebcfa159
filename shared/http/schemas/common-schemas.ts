import { z } from 'zod';

export const ErrorBody = z.object({ error: z.string().meta({ description: 'Human-readable message' }) }).meta({ id: 'Error' });

export const Uuid = z.uuid();
export const DateTime = z.iso.datetime({ offset: true });
export const NullableDateTime = DateTime.nullable();
export const IdParams = z.object({ id: Uuid });
export const Deleted = z.object({ deleted: z.boolean() }).meta({ id: 'Deleted' });

export const TierName = z.enum(['free', 'pro', 'growth']).meta({ id: 'Tier' });
export const Unlimited = z.literal('unlimited');

/**
 * The Idempotency-Key header of a create (shared/model/idempotency-key.ts; docs/decisions/096-idempotent-answers-per-credential.md),
 * described for the thing it makes, what its first answer holds and the credentials the route takes.
 */
export function idempotencyKeyHeaders(what: string, firstAnswer: string, credential: string, windowHours: number) {
  return z.object({
    'Idempotency-Key': z
      .string()
      .regex(/^[\x21-\x7e]{1,255}$/)
      .optional()
      .meta({
        description:
          `Makes the request safe to repeat (after a 5xx or a lost answer): 1-255 visible ASCII characters, new for each ${what}. ` +
          `However often a request with the key is repeated, one ${what} is made. A repeat from the same ${credential} within ` +
          `${windowHours} hours of the first gets ${firstAnswer}; from another ${credential} of the account, or later, a 409 ` +
          `naming the ${what}, and nothing else. The same key with a different body is a 409.`,
      }),
  });
}

/** Labels: 1-100 characters once trimmed (LABEL_MAX_LENGTH). */
export function label(max: number) {
  return z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);
}

/**
 * A query-string integer: digits only (no sign, spaces, `0x`, exponent or empty value), then its
 * bounds. Typed as an integer in the OpenAPI document, as clients should send it.
 */
export function queryInteger(options: { min: number; max?: number; default: number }) {
  let bounded = z.number().int().min(options.min, `must be at least ${options.min}`);
  if (options.max !== undefined) bounded = bounded.max(options.max, `must be at most ${options.max}`);
  const openApi = {
    type: 'integer',
    minimum: options.min,
    ...(options.max === undefined ? {} : { maximum: options.max }),
    default: options.default,
  };
  return z
    .string()
    .regex(/^[0-9]{1,15}$/, 'must be a whole number written in digits')
    .transform(Number)
    .pipe(bounded)
    .default(options.default)
    .meta(openApi as Record<string, unknown>);
}

/** A check's outcome, as the scanner reports it (CheckStatus in shared/model/scans/scan-result.ts). */
export const CheckStatus = z.enum(['pass', 'warn', 'fail', 'not_applicable', 'not_assessed']);

/** True only when A and B are the same type: `const x: Same<Schema, Model> = true` fails to compile until a schema and its model agree. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
