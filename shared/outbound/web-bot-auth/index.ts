export { DIRECTORY_MEDIA_TYPE, DIRECTORY_PATH, DIRECTORY_TAG, directoryResponse } from './directory.js';
export type { DirectoryResponse } from './directory.js';
export { signatureAgentHeader, signRequest, WEB_BOT_AUTH_TAG } from './sign-request.js';
export type { RequestSigner, SignedRequestHeaders } from './sign-request.js';
export { deriveSigningKey, jwkThumbprint, keyFromSeed } from './signing-key.js';
export type { Ed25519PublicJwk, WebBotAuthKey } from './signing-key.js';
export { keySecretProblem, keysFromSecret } from './key-set.js';
export type { WebBotAuthKeys } from './key-set.js';
