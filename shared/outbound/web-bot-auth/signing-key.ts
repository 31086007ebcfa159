import { createHash, createPrivateKey, createPublicKey, hkdfSync, type KeyObject } from 'node:crypto';

/** The public half of an Ed25519 key as a JSON Web Key (RFC 8037), with its thumbprint as `kid`. */
export interface Ed25519PublicJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  kid: string;
  x: string;
  use: 'sig';
}

export interface WebBotAuthKey {
  privateKey: KeyObject;
  publicJwk: Ed25519PublicJwk;
  /** The JWK SHA-256 thumbprint (RFC 7638, RFC 8037 appendix A.3), base64url: the `keyid` of every signature. */
  keyId: string;
}

// PKCS #8 wrapping of a raw 32-byte Ed25519 seed (RFC 8410): node:crypto takes private keys as DER or JWK.
const pkcs8Ed25519Prefix = Buffer.from('302e020100300506032b657004220420', 'hex');

/** An Ed25519 key from its 32-byte seed. */
export function keyFromSeed(seed: Buffer): WebBotAuthKey {
  if (seed.length !== 32) throw new Error('An Ed25519 seed is 32 bytes');
  const privateKey = createPrivateKey({ key: Buffer.concat([pkcs8Ed25519Prefix, seed]), format: 'der', type: 'pkcs8' });
  const { x } = createPublicKey(privateKey).export({ format: 'jwk' });
  if (typeof x !== 'string') throw new Error('Not an Ed25519 key');
  const keyId = jwkThumbprint(x);
  return { privateKey, publicJwk: { kty: 'OKP', crv: 'Ed25519', kid: keyId, x, use: 'sig' }, keyId };
}

/**
 * A signing key derived (HKDF-SHA256) from key material of the Web Bot Auth key secret, so every function
 * and every process signs with the same key (docs/decisions/097-web-bot-auth-key-of-its-own.md). The
 * derivation is one-way: the published public key says nothing about the material.
 */
export function deriveSigningKey(secret: string): WebBotAuthKey {
  return keyFromSeed(Buffer.from(hkdfSync('sha256', secret, 'agent-readiness', 'web-bot-auth-ed25519', 32)));
}

/** RFC 7638 thumbprint of an OKP key: SHA-256 over its required members in lexicographic order, no whitespace. */
export function jwkThumbprint(x: string): string {
  return createHash('sha256')
    .update(JSON.stringify({ crv: 'Ed25519', kty: 'OKP', x }))
    .digest('base64url');
}
