import { describe, expect, it } from 'vitest';
import { normalizeEmail } from '#shared/model/accounts/email.js';
import { registerRequest } from '#shared/http/schemas/account-schemas.js';
import { validationMessage } from '#shared/http/validation-message.js';

const schema = registerRequest(254);

/** A structurally valid address of exactly `length` characters: 64-character local part, 63-character labels. */
function addressOfLength(length: number): string {
  const local = 'a'.repeat(64);
  const tail = '.com';
  const middle = length - local.length - 1 - tail.length - 2 * 64;
  const domain = `${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(middle)}${tail}`;
  return `${local}@${domain}`;
}

function firstMessage(body: unknown): string | undefined {
  const result = schema.safeParse(body);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('normalizeEmail', () => {
  it('trims and lower-cases', () => {
    expect(normalizeEmail('  Ann@Example.COM ')).toBe('ann@example.com');
    expect(normalizeEmail('\tANN@EXAMPLE.COM\n')).toBe('ann@example.com');
  });

  it('composes to NFC, so two spellings of é are one address', () => {
    const decomposed = 'Jose\u0301@example.com';
    const composed = 'jos\u00e9@example.com';
    expect(normalizeEmail(decomposed)).toBe(composed);
    expect(normalizeEmail(composed.toUpperCase())).toBe(composed);
  });

  it('leaves an already normal address alone', () => {
    expect(normalizeEmail('ann@example.com')).toBe('ann@example.com');
  });
});

describe('register request', () => {
  it('normalises the address', () => {
    expect(schema.parse({ email: '  Ann@Example.COM ' })).toEqual({ email: 'ann@example.com' });
  });

  it('accepts an address of exactly 254 characters', () => {
    const address = addressOfLength(254);
    expect(address).toHaveLength(254);
    expect(schema.parse({ email: address })).toEqual({ email: address });
  });

  it('refuses 255 characters, saying what the limit is', () => {
    const address = addressOfLength(255);
    expect(address).toHaveLength(255);
    expect(firstMessage({ email: address })).toBe('must be at most 254 characters');
  });

  it.each([
    ['an empty string', ''],
    ['only spaces', '   '],
    ['no @', 'ann.example.com'],
    ['no domain', 'ann@'],
    ['no local part', '@example.com'],
    ['two @', 'ann@bob@example.com'],
    ['a Unicode local part', 'jösé@example.com'],
    ['a space inside', 'ann smith@example.com'],
  ])('refuses %s as not an e-mail address', (_case, email) => {
    expect(firstMessage({ email })).toBe('must be a valid e-mail address');
  });

  it.each([
    ['a number', 42, 'number'],
    ['null', null, 'null'],
    ['an array', ['ann@example.com'], 'array'],
    ['an object', { address: 'ann@example.com' }, 'object'],
  ])('refuses %s, naming what it expected and what it got', (_case, email, received) => {
    expect(firstMessage({ email })).toBe(`Invalid input: expected string, received ${received}`);
  });

  it('refuses a missing address, which the API reports as required', () => {
    const result = schema.safeParse({});
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error.issues[0]?.path).toEqual(['email']);
    expect(validationMessage(result.error, 'body')).toBe('email: is required');
  });

  it('refuses a body that is not an object', () => {
    for (const body of [null, 'ann@example.com', []]) expect(schema.safeParse(body).success, JSON.stringify(body)).toBe(false);
  });
});
