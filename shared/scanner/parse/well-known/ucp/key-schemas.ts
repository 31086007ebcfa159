/**
 * The signing keys a profile publishes, as each version's schema states them: `signing_keys` entries
 * (the discovery profile schema's signing_key: kid and kty, `use` sig or enc) up to 2026-04-08; the draft's
 * top-level `keys` (its jwk_public_key: EC keys carry crv, x, y; OKP keys crv, x; a
 * well-known curve fixes `alg`; no private key members).
 */

import { z } from 'zod';
import { builtOnFirstUse, builtPerKey } from '../built-on-first-use.js';
import { isRecord } from '../json-body.js';
import { anObject, text, whenObject } from './fields.js';
import { quoted } from './ucp-wording.js';

/** A `signing_keys` entry, its kty message naming the key types the version signs with (EC; EC or RSA in 2026-01-11). */
export const signingKeyOf = builtPerKey((keyTypes: string) =>
  z.looseObject(
    {
      kid: text('each key needs a kid, the id signatures name it by'),
      kty: text(`each key needs a kty, its key type (${keyTypes})`),
      crv: text().optional(),
      x: text().optional(),
      y: text().optional(),
      n: text().optional(),
      e: text().optional(),
      alg: text().optional(),
      use: z.enum(['sig', 'enc'], { error: (issue) => `${quoted(issue.input)} is not a key use (sig or enc)` }).optional(),
    },
    anObject,
  ),
);

const COORDINATES: Record<string, readonly string[]> = { EC: ['crv', 'x', 'y'], OKP: ['crv', 'x'] };
const CURVE_ALGORITHM: Record<string, string> = { 'P-256': 'ES256', 'P-384': 'ES384', Ed25519: 'EdDSA' };
/** The members of a private JWK (RFC 7518 EC/RSA/oct), which a profile must never publish. */
export const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

const jwkObject = builtOnFirstUse(() =>
  z
    .looseObject(
      {
        kid: text('each key needs a kid, the id signatures name it by'),
        kty: text('each key needs a kty, its key type (EC or OKP)'),
        crv: text().optional(),
        x: text().optional(),
        y: text().optional(),
        alg: text().optional(),
        use: text().optional(),
      },
      anObject,
    )
    .superRefine((key, context) => {
      const kty = typeof key.kty === 'string' ? key.kty : '';
      for (const member of COORDINATES[kty] ?? [])
        if (key[member] === undefined) context.addIssue({ code: 'custom', path: [member], message: `an ${kty} key needs its ${member}` });
      const pairedAlgorithm = typeof key.crv === 'string' ? CURVE_ALGORITHM[key.crv] : undefined;
      if (pairedAlgorithm !== undefined && key.alg !== undefined && key.alg !== pairedAlgorithm)
        context.addIssue({
          code: 'custom',
          path: ['alg'],
          message: `${quoted(key.alg)} does not match curve ${String(key.crv)}: use ${pairedAlgorithm}`,
        });
      const secrets = PRIVATE_MEMBERS.filter((member) => member in key);
      if (secrets.length > 0)
        context.addIssue({
          code: 'custom',
          path: [],
          message: `publishes private key material (${secrets.join(', ')}): remove it and replace the key, it is no longer secret`,
        });
    }, whenObject),
);

/** The draft states no type for a key: only an object is held to the key's rules (the usability warning names the rest). */
export const publicJwk = builtOnFirstUse(() =>
  z.unknown().superRefine((value, context) => {
    if (!isRecord(value)) return;
    for (const issue of jwkObject().safeParse(value).error?.issues ?? [])
      context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  }),
);
