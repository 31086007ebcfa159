import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';

/**
 * API keys look like GitHub's tokens: a recognisable prefix (so secret scanners and people can tell
 * what leaked), 256 random bits in base62, and a CRC32 checksum that lets a typo be refused without
 * touching the table. Stored only as an HMAC keyed with the pepper.
 */
export const apiKeyPrefix = 'ars_';
const bodyLength = 43; // 62^43 > 2^256
const checksumLength = 6; // 62^6 > 2^32
const visibleLength = apiKeyPrefix.length + 8;
const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const apiKeyPattern = new RegExp(`^${apiKeyPrefix}[0-9A-Za-z]{${bodyLength + checksumLength}}$`);

function base62(value: bigint, length: number): string {
  let text = '';
  let rest = value;
  while (rest > 0n) {
    text = alphabet[Number(rest % 62n)]! + text;
    rest /= 62n;
  }
  return text.padStart(length, '0');
}

function checksumOf(body: string): string {
  return base62(BigInt(crc32(body)), checksumLength);
}

function generateChecked(prefix: string): string {
  const body = base62(BigInt(`0x${randomBytes(32).toString('hex')}`), bodyLength);
  return `${prefix}${body}${checksumOf(body)}`;
}

function isWellFormedChecked(candidate: string, prefix: string, pattern: RegExp): boolean {
  if (!pattern.test(candidate)) return false;
  const body = candidate.slice(prefix.length, prefix.length + bodyLength);
  const checksum = Buffer.from(candidate.slice(prefix.length + bodyLength));
  return timingSafeEqual(checksum, Buffer.from(checksumOf(body)));
}

export function generateApiKey(): string {
  return generateChecked(apiKeyPrefix);
}

/** Shape and checksum only; says nothing about whether the key exists. */
export function isWellFormedApiKey(candidate: string): boolean {
  return isWellFormedChecked(candidate, apiKeyPrefix, apiKeyPattern);
}

/**
 * Dashboard sessions (a sign-in at the key limit): the same shape under their own prefix, so neither
 * can pass for the other and a leaked one says what it is.
 */
export const sessionTokenPrefix = 'sess_';
const sessionTokenPattern = new RegExp(`^${sessionTokenPrefix}[0-9A-Za-z]{${bodyLength + checksumLength}}$`);

export function generateSessionToken(): string {
  return generateChecked(sessionTokenPrefix);
}

export function isWellFormedSessionToken(candidate: string): boolean {
  return isWellFormedChecked(candidate, sessionTokenPrefix, sessionTokenPattern);
}

/** The masked form lists show: the leading characters, then an ellipsis. */
export function maskApiKey(key: string): string {
  return `${key.slice(0, visibleLength)}…`;
}

/** Sign-in tokens: 256 random bits, base64url (43 characters), safe in a URL. */
export function generateSignInToken(): string {
  return randomBytes(32).toString('base64url');
}

export function isWellFormedSignInToken(candidate: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(candidate);
}

/** The only form in which keys, sessions and tokens are stored and looked up. */
export function secretDigest(secret: string, pepper: string): string {
  return createHmac('sha256', pepper).update(secret, 'utf8').digest('hex');
}
