import { createHash, createPublicKey, sign, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  deriveSigningKey,
  directoryResponse,
  DIRECTORY_MEDIA_TYPE,
  keyFromSeed,
  signRequest,
  type SignedRequestHeaders,
  type WebBotAuthKey,
} from '#shared/outbound/web-bot-auth/index.js';
import { signatureBase } from '#shared/outbound/web-bot-auth/signature-base.js';

/** The Ed25519 test key of RFC 9421 appendix B.1.4 (`test-key-ed25519`), as its private JWK `d`. */
const rfcTestKey = keyFromSeed(Buffer.from('n4Ni-HpISpVObnQMW0wOhCKROaIKqKtW_2ZYb2p9KcU', 'base64url'));

/** Ed25519 is deterministic: the same key and base always give the published signature. */
function signs(key: WebBotAuthKey, base: string): string {
  return sign(null, Buffer.from(base, 'utf8'), key.privateKey).toString('base64');
}

/** Splits `label=value` of a one-member dictionary header. */
function member(header: string, label: string): string {
  expect(header.startsWith(`${label}=`)).toBe(true);
  return header.slice(label.length + 1);
}

/** A verifier written from RFC 9421 section 3.2 for the components this service signs, independent of the signer's code. */
function verifyRequest(url: string, method: string, headers: SignedRequestHeaders, jwk: { x: string }): boolean {
  const input = member(headers['signature-input'], 'sig1');
  const covered = /^\(([^)]*)\)/.exec(input)![1]!.split(' ');
  const target = new URL(url);
  const lines = covered.map((identifier) => {
    if (identifier === '"@authority"') return `${identifier}: ${target.host}`;
    if (identifier === '"@method"') return `${identifier}: ${method}`;
    if (identifier === '"@path"') return `${identifier}: ${target.pathname}`;
    if (identifier === '"signature-agent";key="sig1"') return `${identifier}: ${member(headers['signature-agent'], 'sig1')}`;
    throw new Error(`unexpected component ${identifier}`);
  });
  const base = [...lines, `"@signature-params": ${input}`].join('\n');
  const signature = Buffer.from(/^:(.*):$/.exec(member(headers.signature, 'sig1'))![1]!, 'base64');
  const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' });
  return verify(null, Buffer.from(base, 'utf8'), publicKey, signature);
}

describe('Web Bot Auth signer', () => {
  it('builds the signature base of RFC 9421 appendix B.2.6 and signs it to the published signature', () => {
    const base = signatureBase(
      [
        { name: 'date', value: 'Tue, 20 Apr 2021 02:07:55 GMT' },
        { name: '@method', value: 'POST' },
        { name: '@path', value: '/foo' },
        { name: '@authority', value: 'example.com' },
        { name: 'content-type', value: 'application/json' },
        { name: 'content-length', value: '18' },
      ],
      [
        ['created', 1618884473],
        ['keyid', 'test-key-ed25519'],
      ],
    );
    expect(base).toBe(
      [
        '"date": Tue, 20 Apr 2021 02:07:55 GMT',
        '"@method": POST',
        '"@path": /foo',
        '"@authority": example.com',
        '"content-type": application/json',
        '"content-length": 18',
        '"@signature-params": ("date" "@method" "@path" "@authority" "content-type" "content-length");created=1618884473;keyid="test-key-ed25519"',
      ].join('\n'),
    );
    expect(signs(rfcTestKey, base)).toBe('wqcAqbmYJ2ji2glfAMaRy4gruYYnx2nEFN2HN6jrnDnQCK1u02Gb04v9EDgwUPiu4A0w6vuQv5lIp5WPpBKRCw==');
  });

  it('gives the RFC test key the thumbprint keyid of the Web Bot Auth draft, and reproduces its Ed25519 dictionary vector', () => {
    expect(rfcTestKey.keyId).toBe('poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U');
    expect(rfcTestKey.publicJwk.x).toBe('JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs');
    const base = signatureBase(
      [
        { name: '@authority', value: 'example.com' },
        { name: 'signature-agent', parameters: [['key', 'agent2']], value: '"https://signature-agent.test"' },
      ],
      [
        ['created', 1735689600],
        ['keyid', rfcTestKey.keyId],
        ['alg', 'ed25519'],
        ['expires', 4889289600],
        ['nonce', 'n9p433xm+NJ3ph3upfBIGmsuwHw387YV7Q/F+6BSpGCVjYCqQw6rznNA8PVVLySrAWsv0hQtFioQb6E1YsauiA=='],
        ['tag', 'web-bot-auth'],
      ],
    );
    expect(signs(rfcTestKey, base)).toBe('RdNFx5Bj6au3YgAMQL/RzmUlZE8QZLIaXGRpw985hWnwPfMxT228NMk6ehRS1PSl4e8PhbNZACSanGdhEwYCCg==');
  });

  it('signs a request that an independent RFC 9421 verifier accepts with the published key, and rejects once altered', () => {
    const key = deriveSigningKey('a'.repeat(40));
    const url = 'https://Shop.Example:8443/products/mug?colour=blue';
    const headers = signRequest(new URL(url), 'GET', { key, agentOrigin: 'https://scanner.example/anything' }, 1_790_000_000_000);
    expect(headers['signature-agent']).toBe('sig1="https://scanner.example"');
    const input = member(headers['signature-input'], 'sig1');
    expect(input).toMatch(/^\("@authority" "@method" "@path" "signature-agent";key="sig1"\);created=1790000000;expires=1790000300;/);
    expect(input).toContain(`;keyid="${key.keyId}"`);
    expect(input).toMatch(/;alg="ed25519";nonce="[A-Za-z0-9+/=]{44}";tag="web-bot-auth"$/);
    expect(verifyRequest(url, 'GET', headers, key.publicJwk)).toBe(true);
    expect(verifyRequest('https://shop.example:8443/other', 'GET', headers, key.publicJwk)).toBe(false);
    expect(verifyRequest(url, 'GET', headers, deriveSigningKey('b'.repeat(40)).publicJwk)).toBe(false);
  });

  it('derives the same key from the same secret in every process, and another from another secret', () => {
    expect(deriveSigningKey('s'.repeat(32)).publicJwk).toEqual(deriveSigningKey('s'.repeat(32)).publicJwk);
    expect(deriveSigningKey('s'.repeat(32)).keyId).not.toBe(deriveSigningKey('t'.repeat(32)).keyId);
    const key = deriveSigningKey('s'.repeat(32));
    const thumbprint = createHash('sha256').update(`{"crv":"Ed25519","kty":"OKP","x":"${key.publicJwk.x}"}`).digest('base64url');
    expect(key.keyId).toBe(thumbprint);
  });

  it('serves the draft signed directory response: body, Content-Digest and a proof that verifies', () => {
    const response = directoryResponse([rfcTestKey], 'signature-agent.test', 1735689600_000);
    // The body and digest of the draft's "Signed Directory Response" test vector.
    expect(response.body).toBe(
      '{"keys":[{"kty":"OKP","crv":"Ed25519","kid":"poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U","x":"JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs","use":"sig"}]}',
    );
    expect(response.headers['content-digest']).toBe('sha-256=:CADMT2aBdV/rqQr/NIru64ERQkCobVvllA4V0fLFDu0=:');
    expect(response.headers['content-type']).toBe(DIRECTORY_MEDIA_TYPE);
    // With the vector's `expires`, the same base gives the vector's signature.
    const vectorBase = signatureBase(
      [
        { name: '@authority', parameters: [['req', true]], value: 'signature-agent.test' },
        { name: 'content-digest', value: response.headers['content-digest']! },
      ],
      [
        ['created', 1735689600],
        ['expires', 4889289600],
        ['keyid', rfcTestKey.keyId],
        ['tag', 'http-message-signatures-directory'],
      ],
    );
    expect(signs(rfcTestKey, vectorBase)).toBe('l6P8R67tm3kujAxbHWio7ll01qrEZ0dKD/WWlGhNYEmTnFZM8Wt0VQ9zqGfvo7T/UMkBxsigzChM1Gpz7gOVBg==');
    // The response's own proof, rebuilt from its headers and checked with the key the body publishes.
    const input = member(response.headers['signature-input']!, 'binding');
    expect(input).toBe(
      '("@authority";req "content-digest");created=1735689600;expires=1736294400;keyid="poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U";tag="http-message-signatures-directory"',
    );
    const base = `"@authority";req: signature-agent.test\n"content-digest": ${response.headers['content-digest']}\n"@signature-params": ${input}`;
    const published = (JSON.parse(response.body) as { keys: Array<{ x: string }> }).keys[0]!;
    const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: published.x }, format: 'jwk' });
    const signature = Buffer.from(/^:(.*):$/.exec(member(response.headers.signature!, 'binding'))![1]!, 'base64');
    expect(verify(null, Buffer.from(base, 'utf8'), publicKey, signature)).toBe(true);
  });
});
