import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  apiKeyPrefix,
  generateApiKey,
  generateSessionToken,
  generateSignInToken,
  isWellFormedApiKey,
  isWellFormedSessionToken,
  isWellFormedSignInToken,
  maskApiKey,
  secretDigest,
  sessionTokenPrefix,
} from '#shared/model/accounts/secret-format.js';

const base62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function replaceAt(text: string, index: number, character: string): string {
  return `${text.slice(0, index)}${character}${text.slice(index + 1)}`;
}

/** fast-check drives the generator only by how many keys to make; the keys themselves are random. */
const generatedKeys = fc.integer({ min: 0, max: 1_000 }).map(() => generateApiKey());

describe('API key format', () => {
  it('is ars_ followed by 49 base62 characters', () => {
    expect(apiKeyPrefix).toBe('ars_');
    expect(generateApiKey()).toMatch(/^ars_[0-9A-Za-z]{49}$/);
  });

  it('gives a different key every time', () => {
    const keys = new Set(Array.from({ length: 200 }, generateApiKey));
    expect(keys.size).toBe(200);
  });

  it('accepts every generated key (property)', () => {
    fc.assert(
      fc.property(generatedKeys, (key) => {
        expect(key).toMatch(/^ars_[0-9A-Za-z]{49}$/);
        expect(isWellFormedApiKey(key)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses any single changed character in the body or the checksum', () => {
    const key = generateApiKey();
    const accepted: string[] = [];
    for (let index = apiKeyPrefix.length; index < key.length; index += 1) {
      for (const character of base62) {
        if (character === key[index]) continue;
        const typo = replaceAt(key, index, character);
        if (isWellFormedApiKey(typo)) accepted.push(typo);
      }
    }
    expect(accepted).toEqual([]);
  });

  it('refuses two neighbouring characters swapped', () => {
    const key = generateApiKey();
    const swaps = [];
    for (let index = apiKeyPrefix.length; index < key.length - 1; index += 1) {
      if (key[index] === key[index + 1]) continue;
      swaps.push(`${key.slice(0, index)}${key[index + 1]}${key[index]}${key.slice(index + 2)}`);
    }
    expect(swaps.filter(isWellFormedApiKey)).toEqual([]);
  });

  it('refuses a wrong prefix', () => {
    const body = generateApiKey().slice(apiKeyPrefix.length);
    for (const prefix of ['ARS_', 'ars-', 'arz_', 'sk_', '', 'ars_ars_']) {
      expect(isWellFormedApiKey(`${prefix}${body}`), prefix).toBe(false);
    }
  });

  it('refuses a key one character too short or too long', () => {
    const key = generateApiKey();
    expect(isWellFormedApiKey(key.slice(0, -1))).toBe(false);
    expect(isWellFormedApiKey(key.slice(0, apiKeyPrefix.length + 43))).toBe(false);
    expect(isWellFormedApiKey(`${key}0`)).toBe(false);
    expect(isWellFormedApiKey(`${key}${key}`)).toBe(false);
  });

  it('refuses characters outside base62, whitespace included', () => {
    const key = generateApiKey();
    for (const character of ['-', '_', '+', '/', '=', '.', ' ', '%']) {
      expect(isWellFormedApiKey(replaceAt(key, 10, character)), character).toBe(false);
    }
    expect(isWellFormedApiKey(` ${key}`)).toBe(false);
    expect(isWellFormedApiKey(`${key}\n`)).toBe(false);
  });

  it('refuses Unicode lookalikes of valid characters', () => {
    const key = generateApiKey();
    const lookalikes = [
      '\u0430', // Cyrillic a
      '\u0410', // Cyrillic A
      '\u043E', // Cyrillic o
      '\u0399', // Greek capital iota
      '\uFF10', // fullwidth 0
      '\u0661', // Arabic-Indic 1
    ];
    for (const character of lookalikes) {
      expect(isWellFormedApiKey(replaceAt(key, 20, character)), character).toBe(false);
    }
    expect(isWellFormedApiKey(`\u0430rs_${key.slice(4)}`)).toBe(false);
  });

  it('refuses the empty string', () => {
    expect(isWellFormedApiKey('')).toBe(false);
  });
});

describe('masked API key', () => {
  it('shows the prefix and the first 8 body characters, then an ellipsis', () => {
    const key = generateApiKey();
    expect(maskApiKey(key)).toBe(`${key.slice(0, 12)}…`);
  });

  it('never shows more than the first 12 characters (property)', () => {
    fc.assert(
      fc.property(generatedKeys, (key) => {
        const masked = maskApiKey(key);
        expect(masked).toHaveLength(13);
        expect(masked).toBe(`${key.slice(0, 12)}…`);
      }),
      { numRuns: 200 },
    );
  });
});

describe('sign-in token format', () => {
  it('is 43 base64url characters, different every time', () => {
    const tokens = Array.from({ length: 200 }, generateSignInToken);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set(tokens).size).toBe(200);
  });

  it('accepts generated tokens', () => {
    for (let i = 0; i < 50; i += 1) expect(isWellFormedSignInToken(generateSignInToken())).toBe(true);
  });

  it('refuses the wrong length, padding, base64 (not url) characters and the empty string', () => {
    const token = generateSignInToken();
    const refused = [
      '',
      token.slice(0, 42),
      `${token}A`,
      `${token}=`,
      replaceAt(token, 5, '+'),
      replaceAt(token, 5, '/'),
      replaceAt(token, 5, '.'),
      replaceAt(token, 5, '\u0430'),
      ` ${token.slice(1)}`,
      generateApiKey(),
    ];
    for (const candidate of refused) expect(isWellFormedSignInToken(candidate), candidate).toBe(false);
  });
});

describe('dashboard session token format', () => {
  it('is sess_ followed by 49 base62 characters, different every time', () => {
    expect(sessionTokenPrefix).toBe('sess_');
    const tokens = Array.from({ length: 200 }, generateSessionToken);
    for (const token of tokens) expect(token).toMatch(/^sess_[0-9A-Za-z]{49}$/);
    expect(new Set(tokens).size).toBe(200);
  });

  it('accepts generated tokens and refuses any single changed character (checksum)', () => {
    for (let i = 0; i < 50; i += 1) expect(isWellFormedSessionToken(generateSessionToken())).toBe(true);
    const token = generateSessionToken();
    const accepted: string[] = [];
    for (let index = sessionTokenPrefix.length; index < token.length; index += 1) {
      for (const character of base62) {
        if (character !== token[index] && isWellFormedSessionToken(replaceAt(token, index, character)))
          accepted.push(replaceAt(token, index, character));
      }
    }
    expect(accepted).toEqual([]);
  });

  it('never passes for an API key, nor an API key for a session', () => {
    const key = generateApiKey();
    const token = generateSessionToken();
    expect(isWellFormedSessionToken(key)).toBe(false);
    expect(isWellFormedApiKey(token)).toBe(false);
    // The checksum covers the body only; the digest that finds a credential covers the prefix too.
    expect(secretDigest(`${apiKeyPrefix}${token.slice(sessionTokenPrefix.length)}`, 'p')).not.toBe(secretDigest(token, 'p'));
    expect(isWellFormedSessionToken(`SESS_${token.slice(5)}`)).toBe(false);
    expect(isWellFormedSessionToken(token.slice(0, -1))).toBe(false);
    expect(isWellFormedSessionToken('')).toBe(false);
  });
});

describe('secret digest', () => {
  const pepper = 'p'.repeat(32);

  it('is HMAC-SHA256 keyed with the pepper, in hex (RFC 4231 test case 2)', () => {
    expect(secretDigest('what do ya want for nothing?', 'Jefe')).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
  });

  it('is 64 hexadecimal characters and the same for the same inputs', () => {
    const key = generateApiKey();
    const digest = secretDigest(key, pepper);
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(secretDigest(key, pepper)).toBe(digest);
  });

  it('differs by pepper and by secret', () => {
    const key = generateApiKey();
    const digest = secretDigest(key, pepper);
    expect(secretDigest(key, 'q'.repeat(32))).not.toBe(digest);
    expect(secretDigest(replaceAt(key, 10, key[10] === 'A' ? 'B' : 'A'), pepper)).not.toBe(digest);
    expect(secretDigest(generateApiKey(), pepper)).not.toBe(digest);
  });
});
