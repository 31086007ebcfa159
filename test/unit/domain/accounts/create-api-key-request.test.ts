import { describe, expect, it } from 'vitest';
import { scopes } from '#shared/model/scopes.js';
import { createApiKeyRequest } from '#shared/http/schemas/account-schemas.js';

const schema = createApiKeyRequest(100);

function firstIssue(body: unknown): { path: PropertyKey[]; message: string } | undefined {
  const result = schema.safeParse(body);
  return result.success ? undefined : result.error.issues[0];
}

describe('create API key request: label', () => {
  it('is required', () => {
    expect(firstIssue({})?.path).toEqual(['label']);
    expect(firstIssue({ scopes: ['scanner:read'] })?.path).toEqual(['label']);
  });

  it('must be a string', () => {
    expect(firstIssue({ label: 5 })).toEqual(
      expect.objectContaining({ path: ['label'], message: 'Invalid input: expected string, received number' }),
    );
  });

  it('is trimmed', () => {
    expect(schema.parse({ label: '  CI key \n' })).toEqual({ label: 'CI key' });
  });

  it('must not be empty once trimmed', () => {
    expect(firstIssue({ label: '' })?.message).toBe('must not be empty');
    expect(firstIssue({ label: ' \t ' })?.message).toBe('must not be empty');
  });

  it('may be 1 to 100 characters, counted after trimming', () => {
    expect(schema.parse({ label: 'x' }).label).toBe('x');
    expect(schema.parse({ label: 'é'.repeat(100) }).label).toBe('é'.repeat(100));
    expect(schema.parse({ label: `  ${'x'.repeat(100)}  ` }).label).toBe('x'.repeat(100));
  });

  it('refuses 101 characters, saying what the limit is', () => {
    expect(firstIssue({ label: 'é'.repeat(101) })).toEqual(
      expect.objectContaining({ path: ['label'], message: 'must be at most 100 characters' }),
    );
  });
});

describe('create API key request: scopes', () => {
  it('are optional', () => {
    expect(schema.parse({ label: 'k' })).toEqual({ label: 'k' });
  });

  it('accept each known scope and all of them together', () => {
    for (const scope of scopes) expect(schema.parse({ label: 'k', scopes: [scope] }).scopes).toEqual([scope]);
    expect(schema.parse({ label: 'k', scopes: [...scopes] }).scopes).toEqual([...scopes]);
  });

  it('refuse an unknown scope, pointing at it and listing the allowed ones', () => {
    const issue = firstIssue({ label: 'k', scopes: ['scanner:read', 'admin'] });
    expect(issue?.path).toEqual(['scopes', 1]);
    for (const scope of scopes) expect(issue?.message).toContain(scope);
    expect(issue?.message).toBe(`must each be one of ${scopes.join(', ')}`);
  });

  it('are case-sensitive and not trimmed', () => {
    expect(firstIssue({ label: 'k', scopes: ['Scanner:Read'] })?.path).toEqual(['scopes', 0]);
    expect(firstIssue({ label: 'k', scopes: [' scanner:read'] })?.path).toEqual(['scopes', 0]);
  });

  it('must be an array of strings', () => {
    expect(firstIssue({ label: 'k', scopes: 'scanner:read' })?.path).toEqual(['scopes']);
    expect(firstIssue({ label: 'k', scopes: [7] })?.path).toEqual(['scopes', 0]);
  });

  it('refuse an implausibly long list', () => {
    const tooMany = Array.from({ length: scopes.length * 2 + 1 }, () => 'scanner:read');
    expect(firstIssue({ label: 'k', scopes: tooMany })).toEqual(
      expect.objectContaining({ path: ['scopes'], message: 'has too many entries' }),
    );
  });
});
