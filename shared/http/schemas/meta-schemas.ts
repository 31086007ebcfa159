import { z } from 'zod';
import { DateTime } from '#shared/http/schemas/common-schemas.js';

const DependencyStatus = z.object({ status: z.enum(['ok', 'error']), latencyMs: z.number().int() });

export const Health = z
  .object({
    status: z.enum(['ok', 'degraded']),
    service: z.string(),
    version: z.string(),
    time: DateTime,
    dependencies: z.record(z.string(), DependencyStatus),
  })
  .meta({ id: 'Health' });

export const OpenApiDocument = z.record(z.string(), z.unknown()).meta({ id: 'OpenApiDocument' });

/** The scanner's Web Bot Auth key directory: a JWK Set of Ed25519 keys, each `kid` its RFC 7638 thumbprint. */
export const PlatformProfile = z
  .object({
    ucp: z.object({
      version: z.string(),
      services: z.record(z.string(), z.unknown()),
      capabilities: z.record(z.string(), z.unknown()),
      payment_handlers: z.record(z.string(), z.unknown()),
    }),
  })
  .meta({
    id: 'UcpPlatformProfile',
    description: "The service's UCP platform profile, named by the UCP-Agent header of its checkout drives",
  });

export const SignatureDirectory = z
  .object({
    keys: z.array(
      z.object({
        kty: z.literal('OKP'),
        crv: z.literal('Ed25519'),
        kid: z.string().meta({ description: 'The JWK SHA-256 thumbprint (RFC 7638): the keyid of every signature' }),
        x: z.string().meta({ description: 'The public key, base64url (RFC 8037)' }),
        use: z.literal('sig'),
      }),
    ),
  })
  .meta({ id: 'SignatureDirectory' });
