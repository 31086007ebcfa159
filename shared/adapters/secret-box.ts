import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Config } from '#shared/config.js';
import type { PepperSource } from '#shared/adapters/key-pepper.js';
import { createSecretSource, secretsManagerReader, type SecretReader, type SecretSource } from '#shared/adapters/secret-source.js';

/**
 * Encrypts secrets the service must read back (webhook signing secrets, which sign every delivery),
 * bound to a context (the owning account and webhook) so a sealed value copied to another item does
 * not open.
 */
export interface SecretBox {
  seal(plaintext: string, context: Record<string, string>): Promise<string>;
  open(sealed: string, context: Record<string, string>): Promise<string>;
}

const prefix = 'v1:';

function contextBytes(context: Record<string, string>): Buffer {
  return Buffer.from(JSON.stringify(Object.entries(context).sort(([a], [b]) => a.localeCompare(b))), 'utf8');
}

/**
 * AES-256-GCM under a key derived (HKDF-SHA256) from the sealing key material, the context as the
 * authenticated data, a random 96-bit IV per value. In AWS the material is a Secrets Manager secret
 * encrypted with the stack's KMS key (envelope encryption: KMS protects the data key, read once per
 * process, so a delivery costs no KMS call); locally it is the key pepper.
 */
export function aesSecretBox(material: SecretSource): SecretBox {
  let derived: Promise<Buffer> | undefined;
  const key = () =>
    (derived ??= material()
      .then((value) => Buffer.from(hkdfSync('sha256', value, 'agent-readiness', 'webhook-secrets', 32)))
      .catch((error: unknown) => {
        derived = undefined;
        throw error;
      }));
  return {
    async seal(plaintext, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', await key(), iv);
      cipher.setAAD(contextBytes(context));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `${prefix}${[iv, cipher.getAuthTag(), body].map((part) => part.toString('base64')).join('.')}`;
    },
    async open(sealed, context) {
      const [iv, tag, body] = sealed.startsWith(prefix)
        ? sealed
            .slice(prefix.length)
            .split('.')
            .map((part) => Buffer.from(part, 'base64'))
        : [];
      if (!iv || !tag || !body) throw new Error('Not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', await key(), iv);
      decipher.setAAD(contextBytes(context));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    },
  };
}

const minimumLength = 32;

/**
 * The sealing key material: WEBHOOK_SEALING_KEY, or the secret WEBHOOK_SEALING_KEY_SECRET_ARN (AWS),
 * or, when neither is set (the local stack), the key pepper.
 */
export function createSecretBox(
  config: Pick<Config, 'webhookSealingKey' | 'webhookSealingKeySecretArn' | 'awsRegion'>,
  pepper: PepperSource,
  readSecret: SecretReader = secretsManagerReader(config.awsRegion),
): SecretBox {
  if (config.webhookSealingKey === '' && config.webhookSealingKeySecretArn === '') return aesSecretBox(pepper);
  return aesSecretBox(
    createSecretSource(
      {
        value: config.webhookSealingKey,
        arn: config.webhookSealingKeySecretArn,
        describe: 'webhook sealing key (WEBHOOK_SEALING_KEY or WEBHOOK_SEALING_KEY_SECRET_ARN)',
      },
      readSecret,
      (value) => (value.length < minimumLength ? `it must have at least ${minimumLength} characters` : null),
    ),
  );
}
