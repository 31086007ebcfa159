import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type * as KmsSdk from '@aws-sdk/client-kms';
import type { KMSClient } from '@aws-sdk/client-kms';
import type { Config } from '#shared/config.js';
import type { PepperSource } from '#shared/adapters/key-pepper.js';

/**
 * Encrypts secrets the service must read back (webhook signing secrets, which sign every delivery),
 * bound to a context (the owning account) so a sealed value copied to another item does not open.
 */
export interface SecretBox {
  seal(plaintext: string, context: Record<string, string>): Promise<string>;
  open(sealed: string, context: Record<string, string>): Promise<string>;
}

/**
 * KMS in AWS: the key never leaves KMS; the context is KMS's encryption context. The client is loaded
 * on first use, so the functions that carry it do not pay for it at start-up.
 */
export function kmsSecretBox(keyId: string, region: string, makeClient?: () => KMSClient): SecretBox {
  let kms: Promise<{ client: KMSClient; sdk: typeof KmsSdk }> | undefined;
  const load = () =>
    (kms ??= import('@aws-sdk/client-kms').then((sdk) => ({ sdk, client: makeClient?.() ?? new sdk.KMSClient({ region }) })));
  return {
    async seal(plaintext, context) {
      const { client, sdk: { EncryptCommand } } = await load();
      const { CiphertextBlob } = await client.send(new EncryptCommand({ KeyId: keyId, Plaintext: Buffer.from(plaintext, 'utf8'), EncryptionContext: context }));
      return `kms:${Buffer.from(CiphertextBlob!).toString('base64')}`;
    },
    async open(sealed, context) {
      if (!sealed.startsWith('kms:')) throw new Error('Not a KMS-sealed value');
      const { client, sdk: { DecryptCommand } } = await load();
      const { Plaintext } = await client.send(new DecryptCommand({ KeyId: keyId, CiphertextBlob: Buffer.from(sealed.slice(4), 'base64'), EncryptionContext: context }));
      return Buffer.from(Plaintext!).toString('utf8');
    },
  };
}

function contextBytes(context: Record<string, string>): Buffer {
  return Buffer.from(JSON.stringify(Object.entries(context).sort(([a], [b]) => a.localeCompare(b))), 'utf8');
}

/**
 * Locally (no KMS): AES-256-GCM under a key derived (HKDF-SHA256) from the key pepper, the context as
 * the authenticated data. Anyone with the pepper can open these: fine for a development stack.
 */
export function localSecretBox(pepper: PepperSource): SecretBox {
  const key = async () => Buffer.from(hkdfSync('sha256', await pepper(), 'agent-readiness', 'webhook-secrets', 32));
  return {
    async seal(plaintext, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', await key(), iv);
      cipher.setAAD(contextBytes(context));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `local:${[iv, cipher.getAuthTag(), body].map((part) => part.toString('base64')).join('.')}`;
    },
    async open(sealed, context) {
      const [iv, tag, body] = sealed.startsWith('local:') ? sealed.slice(6).split('.').map((part) => Buffer.from(part, 'base64')) : [];
      if (!iv || !tag || !body) throw new Error('Not a locally sealed value');
      const decipher = createDecipheriv('aes-256-gcm', await key(), iv);
      decipher.setAAD(contextBytes(context));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    },
  };
}

/** KMS when WEBHOOK_SECRET_KEY_ID is set (AWS), otherwise the local box. */
export function createSecretBox(config: Pick<Config, 'webhookSecretKeyId' | 'awsRegion'>, pepper: PepperSource): SecretBox {
  return config.webhookSecretKeyId !== '' ? kmsSecretBox(config.webhookSecretKeyId, config.awsRegion) : localSecretBox(pepper);
}
