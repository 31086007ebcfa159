import type { PepperSource } from '#shared/adapters/key-pepper.js';
import { deriveSigningKey, type WebBotAuthKey } from '#shared/outbound/web-bot-auth/index.js';

export type WebBotAuthKeySource = () => Promise<WebBotAuthKey>;

/**
 * The scanner's Web Bot Auth key, derived from the key pepper (docs/decisions/061-web-bot-auth-key.md):
 * the same key in every function and process, read once per process.
 */
export function webBotAuthKeySource(pepper: PepperSource): WebBotAuthKeySource {
  let key: Promise<WebBotAuthKey> | undefined;
  return () =>
    (key ??= pepper()
      .then(deriveSigningKey)
      .catch((error: unknown) => {
        key = undefined;
        throw error;
      }));
}
