import type { Config } from '#shared/config.js';
import { createSecretSource, secretsManagerReader, type SecretReader } from '#shared/adapters/secret-source.js';
import { keySecretProblem, keysFromSecret, type WebBotAuthKeys } from '#shared/outbound/web-bot-auth/index.js';

export type WebBotAuthKeySource = () => Promise<WebBotAuthKeys>;

/**
 * The scanner's Web Bot Auth keys, from a secret of their own (docs/decisions/097-web-bot-auth-key-of-its-own.md):
 * WEB_BOT_AUTH_KEY when set (local stack, tests, the command line), otherwise the Secrets Manager secret
 * WEB_BOT_AUTH_KEY_SECRET_ARN; the same keys in every function and process, read once per process.
 */
export function webBotAuthKeySource(
  config: Pick<Config, 'webBotAuthKey' | 'webBotAuthKeySecretArn' | 'awsRegion'>,
  readSecret: SecretReader = secretsManagerReader(config.awsRegion),
): WebBotAuthKeySource {
  const secret = createSecretSource(
    {
      value: config.webBotAuthKey,
      arn: config.webBotAuthKeySecretArn,
      describe: 'Web Bot Auth key (WEB_BOT_AUTH_KEY or WEB_BOT_AUTH_KEY_SECRET_ARN)',
    },
    readSecret,
    keySecretProblem,
  );
  let keys: Promise<WebBotAuthKeys> | undefined;
  return () =>
    (keys ??= secret()
      .then(keysFromSecret)
      .catch((error: unknown) => {
        keys = undefined;
        throw error;
      }));
}
