/**
 * Token syntaxes the well-known documents share, checked for form only (no registry look-ups).
 *
 * - URI references (RFC 3986 section 4.1): what RFC 9264 requires of a linkset's `anchor` and `href`.
 * - Language tags (RFC 5646, BCP 47): `hreflang` in a linkset, `ui_locales_supported` in RFC 8414.
 * - Media types (RFC 6838 section 4.2): a link's `type` hint.
 */

const scheme = /^[A-Za-z][A-Za-z0-9+.-]*$/;
/** Every character RFC 3986 allows in a URI reference, with `%` only as a two-digit escape. */
const uriCharacters = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?#[\]]|%[0-9A-Fa-f]{2})*$/;
const authorityAfterScheme = /^(?:[A-Za-z][A-Za-z0-9+.-]*:)?\/\/([^/?#]*)/;

/** True for a URI or a relative reference as RFC 3986 writes them (spaces and non-ASCII must be percent-encoded). */
export function isUriReference(value: string): boolean {
  if (!uriCharacters.test(value)) return false;
  const fragmentAt = value.indexOf('#');
  if (fragmentAt !== -1 && value.includes('#', fragmentAt + 1)) return false;
  if (/[[\]]/.test(value) && !bracketsOnlyAroundHost(value)) return false;
  // A colon before the first "/", "?" or "#" ends a scheme; a relative reference's first segment has none.
  const firstColon = value.search(/[:/?#]/);
  if (firstColon !== -1 && value[firstColon] === ':') return scheme.test(value.slice(0, firstColon));
  return true;
}

/** True for a URI reference that carries a scheme, i.e. not a relative reference. */
export function isAbsoluteUriReference(value: string): boolean {
  const colon = value.indexOf(':');
  return colon > 0 && scheme.test(value.slice(0, colon)) && isUriReference(value);
}

/** Square brackets belong only around an IP literal host, e.g. http://[2001:db8::1]/. */
function bracketsOnlyAroundHost(value: string): boolean {
  const authority = authorityAfterScheme.exec(value)?.[1];
  if (authority === undefined) return false;
  const outside = value.replace(authority, '');
  return !/[[\]]/.test(outside) && /^(?:[^@[\]]*@)?\[[0-9A-Za-z:.]+\](?::\d*)?$/.test(authority);
}

const languageTag = /^[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*$/;

/** A BCP 47 language tag in form (en, en-US, zh-Hant-TW, x-private), without a registry look-up. */
export function isLanguageTag(value: string): boolean {
  return languageTag.test(value);
}

const restrictedName = '[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}';
const mediaType = new RegExp(`^${restrictedName}/${restrictedName}(?:\\s*;.*)?$`);

/** A media type `type/subtype`, parameters allowed (application/openapi+json; version=3.1). */
export function isMediaType(value: string): boolean {
  return mediaType.test(value);
}
