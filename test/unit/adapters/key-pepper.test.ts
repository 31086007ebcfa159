import { describe, expect, it } from 'vitest';
import { createPepperSource } from '#shared/adapters/key-pepper.js';

const pepper = 'a-pepper-of-forty-characters-0123456789';
const arn = 'arn:aws:secretsmanager:eu-west-2:123456789012:secret:key-pepper-AbCdEf';
const noPepper = { keyPepper: '', keyPepperSecretArn: '', awsRegion: 'eu-west-2' };

const neverRead = async (): Promise<string> => {
  throw new Error('readSecret must not be called');
};

/** A secret store that answers for `arn` only and counts its reads; `outcomes` are served in order, the last one repeating. */
function secretStore(...outcomes: (string | undefined | Error)[]) {
  let reads = 0;
  const readSecret = async (requested: string): Promise<string | undefined> => {
    const outcome = outcomes[Math.min(reads, outcomes.length - 1)];
    reads += 1;
    if (requested !== arn) return undefined;
    if (outcome instanceof Error) throw outcome;
    return outcome;
  };
  return { readSecret, reads: () => reads };
}

describe('key pepper source', () => {
  it('uses KEY_PEPPER when set, without reading the secret', async () => {
    const source = createPepperSource({ ...noPepper, keyPepper: pepper, keyPepperSecretArn: arn }, neverRead);
    await expect(source()).resolves.toBe(pepper);
  });

  it('reads the secret named by the ARN once and keeps it', async () => {
    const store = secretStore(pepper, 'a-different-pepper-that-is-long-enough!!');
    const source = createPepperSource({ ...noPepper, keyPepperSecretArn: arn }, store.readSecret);
    const results = [await source(), await source(), await source()];
    expect(results).toEqual([pepper, pepper, pepper]);
    expect(store.reads()).toBe(1);
  });

  it('shares one read between concurrent first calls', async () => {
    const store = secretStore(pepper);
    const source = createPepperSource({ ...noPepper, keyPepperSecretArn: arn }, store.readSecret);
    await expect(Promise.all([source(), source(), source()])).resolves.toEqual([pepper, pepper, pepper]);
    expect(store.reads()).toBe(1);
  });

  it('tries the read again on the next call after a failure', async () => {
    const store = secretStore(new Error('Secrets Manager unavailable'), pepper);
    const source = createPepperSource({ ...noPepper, keyPepperSecretArn: arn }, store.readSecret);
    await expect(source()).rejects.toThrow('Secrets Manager unavailable');
    await expect(source()).resolves.toBe(pepper);
    await expect(source()).resolves.toBe(pepper);
    expect(store.reads()).toBe(2);
  });

  it('refuses a KEY_PEPPER shorter than 32 characters, naming the setting', async () => {
    const source = createPepperSource({ ...noPepper, keyPepper: 'x'.repeat(31) }, neverRead);
    await expect(source()).rejects.toThrow(/KEY_PEPPER/);
  });

  it('accepts a KEY_PEPPER of exactly 32 characters', async () => {
    const source = createPepperSource({ ...noPepper, keyPepper: 'x'.repeat(32) }, neverRead);
    await expect(source()).resolves.toBe('x'.repeat(32));
  });

  it('refuses a secret that is too short or has no string value', async () => {
    for (const value of ['short', undefined]) {
      const source = createPepperSource({ ...noPepper, keyPepperSecretArn: arn }, secretStore(value).readSecret);
      await expect(source(), String(value)).rejects.toThrow(/KEY_PEPPER/);
    }
  });

  it('refuses when neither KEY_PEPPER nor KEY_PEPPER_SECRET_ARN is set', async () => {
    const source = createPepperSource(noPepper, neverRead);
    await expect(source()).rejects.toThrow(/KEY_PEPPER.*KEY_PEPPER_SECRET_ARN/);
  });
});
