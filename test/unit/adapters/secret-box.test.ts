import { describe, expect, it } from 'vitest';
import { aesSecretBox, createSecretBox } from '#shared/adapters/secret-box.js';

const pepper = async () => 'a-local-pepper-of-at-least-thirty-two-characters';
const context = { purpose: 'webhook-signing-secret', accountId: 'a1', webhookId: 'w1' };

describe('secret box', () => {
  it('opens what it sealed, and the sealed text does not contain the secret', async () => {
    const box = aesSecretBox(pepper);
    const sealed = await box.seal('whsec_secret-value', context);
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain('whsec_secret-value');
    expect(sealed).not.toContain(Buffer.from('whsec_secret-value').toString('base64'));
    expect(await box.open(sealed, context)).toBe('whsec_secret-value');
  });

  it('seals the same secret differently each time (random IV)', async () => {
    const box = aesSecretBox(pepper);
    expect(await box.seal('same', context)).not.toBe(await box.seal('same', context));
  });

  it('refuses to open under another context, another key, or after tampering', async () => {
    const box = aesSecretBox(pepper);
    const sealed = await box.seal('whsec_x', context);
    await expect(box.open(sealed, { ...context, webhookId: 'w2' })).rejects.toThrow();
    await expect(aesSecretBox(async () => 'another-key-material-of-at-least-32-chars').open(sealed, context)).rejects.toThrow();
    const [iv, tag, body] = sealed.slice('v1:'.length).split('.');
    const flipped = Buffer.from(body!, 'base64');
    flipped[0] = flipped[0]! ^ 1;
    await expect(box.open(`v1:${iv}.${tag}.${flipped.toString('base64')}`, context)).rejects.toThrow();
    await expect(box.open('kms:AAAA', context)).rejects.toThrow(/Not a sealed value/);
  });

  it('reads its key material from the sealing-key secret in AWS, once, and refuses a short one', async () => {
    const reads: string[] = [];
    const readSecret = async (arn: string) => {
      reads.push(arn);
      return 'k'.repeat(64);
    };
    const config = {
      webhookSealingKey: '',
      webhookSealingKeySecretArn: 'arn:aws:secretsmanager:eu-west-2:1:secret:seal',
      awsRegion: 'eu-west-2',
    };
    const box = createSecretBox(config, async () => 'the pepper must not be used here at all!!', readSecret);
    const sealed = await box.seal('whsec_y', context);
    expect(await box.open(sealed, context)).toBe('whsec_y');
    expect(reads).toEqual([config.webhookSealingKeySecretArn]);
    await expect(aesSecretBox(pepper).open(sealed, context)).rejects.toThrow();
    const short = createSecretBox({ ...config, webhookSealingKeySecretArn: '', webhookSealingKey: 'short' }, pepper);
    await expect(short.seal('x', context)).rejects.toThrow(/at least 32 characters/);
  });
});
