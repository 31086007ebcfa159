import type { Config } from '#shared/config.js';
import { createSecretSource, secretsManagerReader, type SecretReader, type SecretSource } from '#shared/adapters/secret-source.js';

export type PepperSource = SecretSource;

const minimumLength = 32;

/**
 * The HMAC pepper of API-key and sign-in-token digests: KEY_PEPPER when set (local stack, tests),
 * otherwise the Secrets Manager secret KEY_PEPPER_SECRET_ARN, read once per process.
 */
export function createPepperSource(
  config: Pick<Config, 'keyPepper' | 'keyPepperSecretArn' | 'awsRegion'>,
  readSecret: SecretReader = secretsManagerReader(config.awsRegion),
): PepperSource {
  return createSecretSource(
    { value: config.keyPepper, arn: config.keyPepperSecretArn, describe: 'key pepper (KEY_PEPPER or KEY_PEPPER_SECRET_ARN)' },
    readSecret,
    (pepper) => (pepper.length < minimumLength ? `it must have at least ${minimumLength} characters` : null),
  );
}
