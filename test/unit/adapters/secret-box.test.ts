import { describe, expect, it } from 'vitest';
import type { KMSClient } from '@aws-sdk/client-kms';
import { kmsSecretBox, localSecretBox } from '#shared/adapters/secret-box.js';

const pepper = async () => 'a-local-pepper-of-at-least-thirty-two-characters';
const context = { purpose: 'webhook-signing-secret', accountId: 'a1', webhookId: 'w1' };

describe('local secret box', () => {
  it('opens what it sealed, and the sealed text does not contain the secret', async () => {
    const box = localSecretBox(pepper);
    const sealed = await box.seal('whsec_secret-value', context);
    expect(sealed).not.toContain('whsec_secret-value');
    expect(sealed).not.toContain(Buffer.from('whsec_secret-value').toString('base64'));
    expect(await box.open(sealed, context)).toBe('whsec_secret-value');
  });

  it('seals the same secret differently each time (random IV)', async () => {
    const box = localSecretBox(pepper);
    expect(await box.seal('same', context)).not.toBe(await box.seal('same', context));
  });

  it('refuses to open under another context, another pepper, or after tampering', async () => {
    const box = localSecretBox(pepper);
    const sealed = await box.seal('whsec_x', context);
    await expect(box.open(sealed, { ...context, webhookId: 'w2' })).rejects.toThrow();
    await expect(localSecretBox(async () => 'another-pepper-of-at-least-thirty-two-chars').open(sealed, context)).rejects.toThrow();
    const [iv, tag, body] = sealed.slice('local:'.length).split('.');
    const flipped = Buffer.from(body!, 'base64');
    flipped[0] = flipped[0]! ^ 1;
    await expect(box.open(`local:${iv}.${tag}.${flipped.toString('base64')}`, context)).rejects.toThrow();
    await expect(box.open('kms:AAAA', context)).rejects.toThrow(/Not a locally sealed value/);
  });
});

describe('KMS secret box', () => {
  it('encrypts and decrypts with the key and the context as the encryption context', async () => {
    const calls: Array<{ name: string; input: Record<string, unknown> }> = [];
    const client = {
      send: async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
        calls.push({ name: command.constructor.name, input: command.input });
        if (command.constructor.name === 'EncryptCommand') return { CiphertextBlob: new Uint8Array([1, 2, 3]) };
        return { Plaintext: new TextEncoder().encode('whsec_from_kms') };
      },
    } as unknown as KMSClient;
    const box = kmsSecretBox('arn:aws:kms:eu-west-2:123456789012:key/k', 'eu-west-2', () => client);
    const sealed = await box.seal('whsec_from_kms', context);
    expect(sealed).toBe('kms:AQID');
    expect(await box.open(sealed, context)).toBe('whsec_from_kms');
    expect(calls.map((call) => call.name)).toEqual(['EncryptCommand', 'DecryptCommand']);
    for (const call of calls) expect(call.input).toMatchObject({ KeyId: 'arn:aws:kms:eu-west-2:123456789012:key/k', EncryptionContext: context });
    await expect(box.open('local:a.b.c', context)).rejects.toThrow(/Not a KMS-sealed value/);
  });
});
