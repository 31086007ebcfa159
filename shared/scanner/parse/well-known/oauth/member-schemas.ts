/**
 * The value shapes OAuth metadata members take (RFC 8414 section 2, RFC 9728 section 2), as zod schemas
 * with messages a shop owner can act on. Both RFCs say members with zero values are left out rather
 * than sent empty (RFC 8414 section 3.2, RFC 9728 section 3.2).
 *
 * `https` is required of identifiers and of endpoints that carry credentials. A shop whose own origin is
 * plain http (reported by the https check) is held to its origin's scheme, so the finding here is the
 * metadata's own: `urlRules(allowHttp)` builds either set.
 */

import { z } from 'zod';
import { isLanguageTag } from '../syntax.js';

const omitEmpty = 'must not be empty: leave the member out when it has no values';

/** "required, ..." when the member is absent, else `wrongType`. */
function typeError(wrongType: string, whenMissing: string) {
  return (issue: { input: unknown }) => (issue.input === undefined ? `required, ${whenMissing}` : wrongType);
}

export function text(whenMissing = 'a string') {
  return z.string({ error: typeError('must be a string', whenMissing) }).min(1, { error: omitEmpty });
}

/** A list of values, e.g. `["code"]`; never empty. */
export function stringList(example: string, whenMissing = `an array such as ${example}`) {
  return z
    .array(z.string({ error: 'must be a string' }).min(1, { error: 'must not be an empty string' }), {
      error: typeError(`must be an array of strings, e.g. ${example}`, whenMissing),
    })
    .min(1, { error: omitEmpty });
}

/** JWS `alg` values, where the RFCs forbid "none". */
export function algorithmList(example = '["RS256", "ES256"]') {
  return stringList(example).refine((algorithms) => !algorithms.includes('none'), { error: '"none" must not be listed' });
}

export function flag() {
  return z.boolean({ error: 'must be true or false (a JSON boolean, not a string)' });
}

export function languageTags() {
  return z
    .array(z.string({ error: 'must be a string' }).refine(isLanguageTag, { error: 'must be a BCP 47 language tag such as en-US' }), {
      error: 'must be an array of language tags, e.g. ["en-US", "fr-FR"]',
    })
    .min(1, { error: omitEmpty });
}

/** A signed JWT (JWS compact serialization: three base64url parts), as `signed_metadata` is. */
export function signedJwt() {
  return z
    .string({ error: 'must be a string holding a signed JWT' })
    .regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, { error: 'must be a signed JWT: three base64url parts separated by dots' });
}

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const isHttps = (value: string): boolean => value.toLowerCase().startsWith('https://');

/** An absolute http(s) URL: a page for people (documentation, policy, terms of service). */
export function pageUrl() {
  return z
    .string({ error: 'must be a URL string' })
    .refine(isWebUrl, { error: 'must be an absolute URL such as https://shop.example/docs', abort: true });
}

export interface UrlRules {
  /** An endpoint or key set URL, which must use https. */
  secure: z.ZodType<string>;
  /** An RFC 8414 issuer identifier: https, no query, no fragment. */
  issuer: (whenMissing?: string) => z.ZodType<string>;
  /** An RFC 9728 resource identifier: https, no fragment. */
  resource: (whenMissing?: string) => z.ZodType<string>;
}

export function urlRules(allowHttp: boolean): UrlRules {
  const secure = (whenMissing = 'an https URL') =>
    z
      .string({ error: typeError('must be an https URL string', whenMissing) })
      .refine(isWebUrl, { error: 'must be an absolute https URL such as https://shop.example/oauth/token', abort: true })
      .refine((value) => allowHttp || isHttps(value), { error: 'must use https' });
  const noFragment = { error: 'must have no fragment (#...)' };
  return {
    secure: secure(),
    issuer: (whenMissing) =>
      secure(whenMissing)
        .refine((value) => !value.includes('?'), { error: 'must have no query (?...)' })
        .refine((value) => !value.includes('#'), noFragment),
    resource: (whenMissing) => secure(whenMissing).refine((value) => !value.includes('#'), noFragment),
  };
}
