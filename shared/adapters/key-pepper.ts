import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { Config } from '#shared/config.js';

export type PepperSource = () => Promise<string>;

const minimumLength = 32;

/**
 * The HMAC pepper of API-key and sign-in-token digests: KEY_PEPPER when set (local stack, tests),
 * otherwise the Secrets Manager secret KEY_PEPPER_SECRET_ARN, read once per process. A failed read
 * is not cached, so the next request tries again.
 */
export function createPepperSource(
  config: Pick<Config, 'keyPepper' | 'keyPepperSecretArn' | 'awsRegion'>,
  readSecret: (arn: string) => Promise<string | undefined> = readFromSecretsManager(config.awsRegion),
): PepperSource {
  let pending: Promise<string> | undefined;
  const load = async (): Promise<string> => {
    const pepper = config.keyPepper !== '' ? config.keyPepper : config.keyPepperSecretArn !== '' ? await readSecret(config.keyPepperSecretArn) : undefined;
    if (pepper === undefined || pepper.length < minimumLength) {
      throw new Error(`No key pepper of at least ${minimumLength} characters: set KEY_PEPPER or KEY_PEPPER_SECRET_ARN`);
    }
    return pepper;
  };
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

function readFromSecretsManager(region: string) {
  let client: SecretsManagerClient | undefined;
  return async (arn: string): Promise<string | undefined> => {
    client ??= new SecretsManagerClient({ region });
    const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: arn }));
    return SecretString;
  };
}
