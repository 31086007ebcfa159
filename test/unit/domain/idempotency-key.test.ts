import { describe, expect, it } from 'vitest';
import { credentialOf, replayRefusal } from '#shared/model/idempotency-key.js';

const key = { keyId: 'k-1' };
const otherKey = { keyId: 'k-2' };
const session = { keyId: null, session: { id: 's-1', digest: 'd', expiresAt: 0 } };
const createdAt = '2026-11-01T12:00:00.000Z';
const at = (hours: number) => Date.parse(createdAt) + hours * 3_600_000;

describe('replaying a create with its Idempotency-Key', () => {
  it('answers again only the credential that created it, for 24 hours', () => {
    const first = { createdBy: credentialOf(key), createdAt };
    expect(replayRefusal(first, key, at(0))).toBeNull();
    expect(replayRefusal(first, key, at(23.99))).toBeNull();
    expect(replayRefusal(first, key, at(24))).toBe('expired');
    expect(replayRefusal(first, otherKey, at(1))).toBe('another_credential');
    expect(replayRefusal(first, session, at(1))).toBe('another_credential');
    expect(replayRefusal({ createdBy: credentialOf(session), createdAt }, session, at(1))).toBeNull();
  });

  it('answers no one for a create stored without its credential', () => {
    expect(replayRefusal({ createdAt }, key, at(0))).toBe('another_credential');
  });

  it('tells a key from a session of the same id', () => {
    expect(credentialOf({ keyId: 'x' })).not.toBe(credentialOf({ keyId: null, session: { id: 'x', digest: '', expiresAt: 0 } }));
  });
});
