import { createHash, sign } from 'node:crypto';
import type { WebBotAuthKey } from './signing-key.js';
import { signatureBase, signatureParams, type Component } from './signature-base.js';
import { sfBytes, type Parameter } from './structured-fields.js';

export const DIRECTORY_PATH = '/.well-known/http-message-signatures-directory';
export const DIRECTORY_MEDIA_TYPE = 'application/http-message-signatures-directory+json';
/** The tag of a directory response's possession proof. */
export const DIRECTORY_TAG = 'http-message-signatures-directory';

/** How long a directory response's proof stays valid: well beyond its one-day cache lifetime, as the draft advises. */
const proofLifetimeSeconds = 7 * 86_400;
export const DIRECTORY_MAX_AGE_SECONDS = 86_400;

/** The proof of the first key is `binding`, the next ones' `binding2`, `binding3`…: one signature per published key. */
const labelOf = (index: number) => (index === 0 ? 'binding' : `binding${index + 1}`);

export interface DirectoryResponse {
  body: string;
  headers: Record<string, string>;
}

/**
 * The key directory (a JWK Set, `kid` = thumbprint) with its possession proof: one HTTP message signature
 * by each published key over the request's `@authority` (`req`) and the body's `Content-Digest` (RFC 9530),
 * tagged `http-message-signatures-directory`, so the key set cannot be re-served under another name. During
 * a rotation it lists the key that signs and the next or previous one (docs/decisions/097-web-bot-auth-key-of-its-own.md).
 */
export function directoryResponse(keys: readonly WebBotAuthKey[], authority: string, nowMs: number): DirectoryResponse {
  if (keys.length === 0) throw new Error('A key directory lists at least one key');
  const body = JSON.stringify({ keys: keys.map((key) => key.publicJwk) });
  const contentDigest = `sha-256=${sfBytes(createHash('sha256').update(body, 'utf8').digest())}`;
  const created = Math.floor(nowMs / 1000);
  const components: Component[] = [
    { name: '@authority', parameters: [['req', true]], value: authority },
    { name: 'content-digest', value: contentDigest },
  ];
  const proofs = keys.map((key, index) => {
    const parameters: Parameter[] = [
      ['created', created],
      ['expires', created + proofLifetimeSeconds],
      ['keyid', key.keyId],
      ['tag', DIRECTORY_TAG],
    ];
    const signature = sign(null, Buffer.from(signatureBase(components, parameters), 'utf8'), key.privateKey);
    return { input: `${labelOf(index)}=${signatureParams(components, parameters)}`, signature: `${labelOf(index)}=${sfBytes(signature)}` };
  });
  return {
    body,
    headers: {
      'content-type': DIRECTORY_MEDIA_TYPE,
      'cache-control': `public, max-age=${DIRECTORY_MAX_AGE_SECONDS}`,
      'access-control-allow-origin': '*',
      'content-digest': contentDigest,
      'signature-input': proofs.map((proof) => proof.input).join(', '),
      signature: proofs.map((proof) => proof.signature).join(', '),
    },
  };
}
