import { z } from 'zod';
import { NullableDateTime } from '#shared/http/schemas/common-schemas.js';
import { ownershipFilePath, ownershipMetaName } from '#shared/model/sites/site-ownership.js';

export const AcpCredential = z
  .object({
    set: z.boolean().meta({ description: 'Whether the merchant’s ACP bearer token is stored (sealed) for checkout drives' }),
    setAt: NullableDateTime,
  })
  .meta({ id: 'AcpCredential' });

export const AcpCredentialEnvelope = z.object({ acpCredential: AcpCredential }).meta({ id: 'AcpCredentialEnvelope' });

// A bearer token goes into an Authorization header: visible ASCII only, no spaces or controls.
export const acpCredentialRequest = z
  .strictObject({
    token: z
      .string()
      .min(8)
      .max(2048)
      .regex(/^[\x21-\x7e]+$/, 'token: visible ASCII characters only, no spaces')
      .meta({
        description:
          'The bearer token your ACP checkout API issues to agents (ACP requires `Authorization: Bearer` on every call). Stored sealed, never shown again, sent only by checkout drives of this proven site to the ACP checkout its discovery document declares',
      }),
  })
  .meta({ id: 'AcpCredentialRequest' });

export const SiteOwnership = z
  .object({
    status: z.enum(['unproven', 'proven', 'lost']).meta({
      description:
        '`proven`: the last check read this site’s token; `lost`: proven once, not read by the last check (each rescan checks again); `unproven`: never proven',
    }),
    method: z.enum(['meta', 'file']).nullable().meta({ description: 'Where the last check read the token; null unless proven' }),
    token: z.string().meta({ description: 'This site’s token, issued when first asked for; each watched site has its own' }),
    metaTag: z.string().meta({ description: `The tag to add to the site’s page: <meta name="${ownershipMetaName}" content="<token>">` }),
    fileUrl: z
      .string()
      .meta({ description: `Or serve the token on a line of its own in this file, ${ownershipFilePath} of the site’s origin` }),
    checkedAt: NullableDateTime,
    provenAt: NullableDateTime.meta({ description: 'Since when it has been proven without a break' }),
    detail: z.string().nullable().meta({ description: 'What the last check found' }),
    weeklyCheckoutDrive: z
      .boolean()
      .meta({ description: 'Each weekly rescan drives a checkout while the site is proven (set with POST …/checkout-drive)' }),
    acpCredential: AcpCredential,
  })
  .meta({ id: 'SiteOwnership' });

// Strict: a misspelt field would otherwise queue a drive and leave the weekly setting as it was.
export const checkoutDriveRequest = z
  .strictObject({
    weekly: z
      .boolean()
      .optional()
      .meta({ description: 'Drive a checkout at each weekly rescan too (true), or no longer (false); absent: unchanged' }),
  })
  .meta({ id: 'CheckoutDriveRequest' });

export const CheckoutDriveQueued = z
  .object({ queued: z.literal(true), weekly: z.boolean().meta({ description: 'Whether each weekly rescan drives a checkout' }) })
  .meta({ id: 'CheckoutDriveQueued' });

export const OwnershipEnvelope = z.object({ ownership: SiteOwnership }).meta({ id: 'OwnershipEnvelope' });
