import { randomBytes, sign } from 'node:crypto';
import type { WebBotAuthKey } from './signing-key.js';
import { authorityOf, signatureBase, signatureParams, type Component } from './signature-base.js';
import { sfBytes, sfString, type Parameter } from './structured-fields.js';

/** The tag a Web Bot Auth request signature carries (draft-ietf-webbotauth-httpsig-protocol). */
export const WEB_BOT_AUTH_TAG = 'web-bot-auth';

/** How long a request signature is valid: one scan, with room for clock skew; the draft recommends at most a day. */
const lifetimeSeconds = 300;

const label = 'sig1';

export interface RequestSigner {
  key: WebBotAuthKey;
  /**
   * The origin whose /.well-known/http-message-signatures-directory serves the key: the `Signature-Agent`
   * member, of the default `directory` type, which the draft says is an origin and not a path.
   */
  agentOrigin: string;
}

export interface SignedRequestHeaders {
  signature: string;
  'signature-input': string;
  'signature-agent': string;
}

/** The `Signature-Agent` header every request of this signer carries: its label and the directory's origin. */
export function signatureAgentHeader(signer: RequestSigner): string {
  return `${label}=${sfString(new URL(signer.agentOrigin).origin)}`;
}

/**
 * The three headers of a Web Bot Auth request (RFC 9421 with the draft's profile): covers `@authority`,
 * `@method`, `@path` and the Signature-Agent member keyed to the signature's label; `created`, `expires`,
 * `keyid` (the JWK thumbprint), `alg`, a fresh `nonce` and `tag="web-bot-auth"`.
 */
export function signRequest(
  target: URL,
  method: 'GET' | 'HEAD',
  signer: RequestSigner,
  nowMs: number,
  nonce: Buffer = randomBytes(32),
): SignedRequestHeaders {
  const agent = sfString(new URL(signer.agentOrigin).origin);
  const created = Math.floor(nowMs / 1000);
  const components: Component[] = [
    { name: '@authority', value: authorityOf(target) },
    { name: '@method', value: method },
    { name: '@path', value: target.pathname || '/' },
    { name: 'signature-agent', parameters: [['key', label]], value: agent },
  ];
  const parameters: Parameter[] = [
    ['created', created],
    ['expires', created + lifetimeSeconds],
    ['keyid', signer.key.keyId],
    ['alg', 'ed25519'],
    ['nonce', nonce.toString('base64')],
    ['tag', WEB_BOT_AUTH_TAG],
  ];
  const signature = sign(null, Buffer.from(signatureBase(components, parameters), 'utf8'), signer.key.privateKey);
  return {
    signature: `${label}=${sfBytes(signature)}`,
    'signature-input': `${label}=${signatureParams(components, parameters)}`,
    'signature-agent': signatureAgentHeader(signer),
  };
}
