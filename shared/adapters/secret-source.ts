import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

export type SecretSource = () => Promise<string>;
export type SecretReader = (arn: string) => Promise<string | undefined>;

/**
 * A secret from the environment when set (local stack, tests), otherwise from the Secrets Manager
 * secret `arn`, read once per process. A failed read is not cached, so the next request tries again.
 * `check` returns what is wrong with a value, or null.
 */
export function createSecretSource(
  source: { value: string; arn: string; describe: string },
  readSecret: SecretReader,
  check: (value: string) => string | null = (value) => (value === '' ? 'it is empty' : null),
): SecretSource {
  let pending: Promise<string> | undefined;
  const load = async (): Promise<string> => {
    const value = source.value !== '' ? source.value : source.arn !== '' ? await readSecret(source.arn) : undefined;
    const problem = value === undefined ? 'it is not set' : check(value);
    if (problem !== null || value === undefined) throw new Error(`No usable ${source.describe}: ${problem}`);
    return value;
  };
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

/** Reads secrets from Secrets Manager, with one client per process made on first use. */
export function secretsManagerReader(region: string): SecretReader {
  let client: SecretsManagerClient | undefined;
  return async (arn) => {
    client ??= new SecretsManagerClient({ region });
    const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: arn }));
    return SecretString;
  };
}
