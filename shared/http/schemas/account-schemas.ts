import { z } from 'zod';
import { normalizeEmail } from '#shared/model/accounts/email.js';
import { scopes } from '#shared/model/scopes.js';
import { DateTime, NullableDateTime, TierName, Unlimited, label } from '#shared/http/schemas/common-schemas.js';

export function registerRequest(maxLength: number) {
  const email = z
    .string()
    .max(maxLength, `must be at most ${maxLength} characters`)
    .meta({ format: 'email', description: 'Compared trimmed and lower-cased' })
    .transform(normalizeEmail)
    .pipe(z.email('must be a valid e-mail address'));
  return z.object({ email }).meta({ id: 'RegisterRequest' });
}

export const MessageBody = z.object({ message: z.string() }).meta({ id: 'Message' });

export const VerifyRequest = z
  .object({ token: z.string().min(1, 'must not be empty').max(200, 'must be at most 200 characters') })
  .meta({ id: 'VerifyRequest' });

export const ApiKeyInfo = z
  .object({
    id: z.uuid(),
    keyPrefix: z.string(),
    label: z.string(),
    scopes: z.array(z.enum(scopes)),
    lastUsedAt: NullableDateTime,
    createdAt: DateTime,
    isActive: z.boolean(),
  })
  .meta({ id: 'ApiKeyInfo' });

export const VerifyResponse = z
  .union([
    z
      .object({
        kind: z.literal('apiKey'),
        apiKey: z.string().meta({ description: 'The new key (ars_…), shown only here' }),
        key: ApiKeyInfo,
        replacedKeyId: z.null().meta({ description: 'Always null: signing in never revokes a key' }),
        message: z.string(),
      })
      .meta({ description: 'The account had room for another key: a new one carrying every scope' }),
    z
      .object({
        kind: z.literal('session'),
        sessionToken: z
          .string()
          .meta({ description: 'A dashboard session (sess_…), shown only here; send it as "Authorization: Bearer <token>"' }),
        expiresAt: DateTime,
        message: z.string(),
      })
      .meta({ description: 'The account was at its key limit: every key keeps working, and a dashboard session opens instead' }),
  ])
  .meta({ id: 'VerifyResponse' });

export const SignedOut = z.object({ signedOut: z.literal(true) }).meta({ id: 'SignedOut' });

export const AccountInfo = z
  .object({
    email: z.string(),
    name: z.string().nullable(),
    createdAt: DateTime,
    tier: TierName,
    subscription: z.object({
      isActive: z.boolean(),
      isPaid: z.boolean(),
      isCanceling: z.boolean(),
      currentPeriodEnd: NullableDateTime,
    }),
    usage: z.object({
      dailyScans: z.number().int(),
      dailyScanLimit: z.union([z.number().int(), Unlimited]),
      monthlyApiCalls: z.number().int(),
      monthlyApiCallLimit: z.number().int(),
    }),
    counts: z.object({
      watchedSites: z.number().int(),
      watchedSitesLimit: z.number().int(),
      apiKeys: z.number().int(),
      apiKeysLimit: z.number().int(),
      webhooks: z.number().int(),
      webhooksLimit: z.number().int(),
    }),
    overLimit: z
      .object({ watchedSites: z.number().int(), webhooks: z.number().int(), apiKeys: z.number().int(), note: z.string() })
      .nullable()
      .meta({ description: 'What the account holds beyond its tier limits after a downgrade, and what that means (nothing is deleted)' }),
  })
  .meta({ id: 'AccountInfo' });

export const SubscribeRequest = z
  .object({
    tier: z.enum(['pro', 'growth']),
    prorationDate: DateTime.optional().meta({
      description:
        'For an immediate upgrade: the prorationDate of POST /api/v1/account/subscribe/preview, so the charge is the amount it showed (refused once older than its validUntil)',
    }),
  })
  .meta({ id: 'SubscribeRequest' });

export const SubscribeResponse = z
  .union([
    z.object({ checkoutUrl: z.url(), expiresAt: NullableDateTime, note: z.string() }),
    z.object({ upgraded: z.literal(true), tier: TierName, note: z.string() }),
  ])
  .meta({ id: 'SubscribeResponse' });

export const ManageResponse = z.object({ portalUrl: z.url(), note: z.string() }).meta({ id: 'ManageResponse' });

export function createApiKeyRequest(labelMax: number) {
  return z
    .object({
      label: label(labelMax),
      scopes: z
        .array(z.enum(scopes, { error: `must each be one of ${scopes.join(', ')}` }))
        .min(1, 'must not be empty (a key without a scope can do nothing); omit it for the default ["scanner:read"]')
        .max(scopes.length * 2, 'has too many entries')
        .optional()
        .meta({ description: `Default ["scanner:read"]. Allowed: ${scopes.join(', ')}. A key can only grant scopes it holds itself.` }),
    })
    .meta({ id: 'CreateApiKeyRequest' });
}

export const ApiKeyList = z
  .object({ keys: z.array(ApiKeyInfo), keyLimit: z.number().int(), keysUsed: z.number().int() })
  .meta({ id: 'ApiKeyList' });

export const CreatedApiKey = z.object({ key: ApiKeyInfo, fullKey: z.string() }).meta({ id: 'CreatedApiKey' });

export const RevokedApiKey = z.object({ revoked: z.boolean(), id: z.string() }).meta({ id: 'RevokedApiKey' });

export const RotatedApiKey = z.object({ key: ApiKeyInfo, fullKey: z.string(), replacedKeyId: z.uuid() }).meta({
  id: 'RotatedApiKey',
  description: 'The new key (same label and scopes), shown once; the replaced key stopped working in the same step',
});

export const StripeWebhookAck = z.object({ received: z.literal(true) }).meta({ id: 'StripeWebhookAck' });
