import { describe, expect, it } from 'vitest';
import {
  judgeOwnership,
  looksLikeOwnershipToken,
  newOwnershipToken,
  nextOwnership,
  type OwnershipCheck,
  type ProofReading,
} from '#shared/model/sites/site-ownership.js';

const token = newOwnershipToken();
const other = newOwnershipToken();
const page = 'https://shop.example/';
const file = 'https://shop.example/.well-known/agent-readiness-site-verification.txt';
const read = (url: string, values: string[]): ProofReading => ({ kind: 'read', url, values });
const absent = (url: string): ProofReading => ({ kind: 'absent', url, why: 'HTTP 404' });
const unreadable = (url: string): ProofReading => ({ kind: 'unreadable', url, why: 'The site could not be reached' });

describe('ownership tokens', () => {
  it('are 32 base64url characters, different every time', () => {
    const tokens = new Set(Array.from({ length: 200 }, newOwnershipToken));
    expect(tokens.size).toBe(200);
    for (const each of tokens) expect(looksLikeOwnershipToken(each)).toBe(true);
    expect(looksLikeOwnershipToken('<html>')).toBe(false);
    expect(looksLikeOwnershipToken(`${token}x`)).toBe(false);
  });
});

describe('judging the proof', () => {
  it("is proven by this site's token in the page's meta tag or in the file", () => {
    expect(judgeOwnership(token, read(page, ['x', token]), absent(file))).toMatchObject({ proven: true, method: 'meta' });
    expect(judgeOwnership(token, read(page, []), read(file, [other, token]))).toMatchObject({ proven: true, method: 'file' });
    expect(judgeOwnership(token, unreadable(page), read(file, [token]))).toMatchObject({ proven: true, method: 'file' });
  });

  it("names another site's token as such, wherever it is", () => {
    const verdict = judgeOwnership(token, read(page, [other]), absent(file));
    expect(verdict).toMatchObject({ proven: false, reason: 'other_token' });
    expect(verdict.detail).toContain(`tag on ${page} carries a verification token that is not this site's`);
    const both = judgeOwnership(token, read(page, [other]), read(file, [other]));
    expect(both.detail).toContain(`and ${file} carry a verification token`);
  });

  it('says the token is missing, and why each place had none', () => {
    const verdict = judgeOwnership(token, read(page, []), absent(file));
    expect(verdict).toEqual({
      proven: false,
      reason: 'missing',
      detail: `No token: ${page} has no <meta name="agent-readiness-site-verification"> tag, and ${file} has none (HTTP 404)`,
    });
    expect(judgeOwnership(token, unreadable(page), read(file, [])).detail).toContain('(The site could not be reached)');
    expect(judgeOwnership(token, unreadable(page), read(file, [])).detail).toContain('(no line is a token)');
  });

  it('says when neither place could be read', () => {
    expect(judgeOwnership(token, unreadable(page), unreadable(file))).toMatchObject({ proven: false, reason: 'unreadable' });
  });
});

describe('the ownership after a check', () => {
  const proven = judgeOwnership(token, read(page, [token]), absent(file));
  const missing = judgeOwnership(token, read(page, []), absent(file));

  it('keeps the time it was first proven while it stays proven', () => {
    const first = nextOwnership(null, proven, '2026-11-01T00:00:00.000Z');
    expect(first).toMatchObject({ status: 'proven', method: 'meta', provenAt: '2026-11-01T00:00:00.000Z' });
    const again = nextOwnership(first, proven, '2026-11-08T00:00:00.000Z');
    expect(again).toMatchObject({ status: 'proven', checkedAt: '2026-11-08T00:00:00.000Z', provenAt: '2026-11-01T00:00:00.000Z' });
  });

  it('is lost when a proven token is no longer read, and stays lost until it is read again', () => {
    const first: OwnershipCheck = nextOwnership(null, proven, '2026-11-01T00:00:00.000Z');
    const lost = nextOwnership(first, missing, '2026-11-08T00:00:00.000Z');
    expect(lost).toMatchObject({ status: 'lost', method: null, provenAt: null });
    expect(nextOwnership(lost, missing, '2026-11-15T00:00:00.000Z').status).toBe('lost');
    expect(nextOwnership(lost, proven, '2026-11-22T00:00:00.000Z')).toMatchObject({
      status: 'proven',
      provenAt: '2026-11-22T00:00:00.000Z',
    });
  });

  it('is unproven when it never was', () => {
    expect(nextOwnership(null, missing, '2026-11-01T00:00:00.000Z').status).toBe('unproven');
  });
});
