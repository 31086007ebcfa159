import { describe, expect, it } from 'vitest';
import { checkWebhookUrl } from '#shared/use-cases/webhooks/check-webhook-url.js';
import type { LookupFn } from '#shared/outbound/resolve-host.js';
import type { TargetPolicy } from '#shared/outbound/target-policy.js';

const strict: TargetPolicy = { allowPrivateHosts: [] };
const publicLookup: LookupFn = async () => [{ address: '93.184.216.34', family: 4 }];
const resolvesTo =
  (address: string, family: 4 | 6 = 4): LookupFn =>
  async () => [{ address, family }];

async function rejection(url: string, lookup: LookupFn = publicLookup, policy = strict): Promise<string> {
  try {
    await checkWebhookUrl(url, policy, 200, lookup);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${url} was accepted`);
}

describe('webhook URLs', () => {
  it('accepts a public https URL and returns it normalised', async () => {
    expect(await checkWebhookUrl(' https://Hooks.Example.com/in?x=1 ', strict, 200, publicLookup)).toBe('https://hooks.example.com/in?x=1');
  });

  it('refuses http, other schemes and garbage', async () => {
    expect(await rejection('http://hooks.example.com/in')).toMatch(/must use https/);
    expect(await rejection('ftp://hooks.example.com/in')).toMatch(/must use https/);
    expect(await rejection('not a url')).toMatch(/absolute https URL/);
  });

  it('refuses private, loopback, link-local and metadata addresses written as literals', async () => {
    for (const url of [
      'https://127.0.0.1/',
      'https://10.1.2.3/',
      'https://192.168.0.1/',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/',
      'https://[fd00::1]/',
      'https://localhost/',
    ]) {
      expect(await rejection(url), url).toMatch(/^url: /);
    }
  });

  it('refuses names that resolve to private or metadata addresses, or do not resolve in time', async () => {
    expect(await rejection('https://internal.example.com/', resolvesTo('10.0.0.5'))).toMatch(/resolves to an address that is not allowed/);
    expect(await rejection('https://meta.example.com/', resolvesTo('169.254.169.254'))).toMatch(/not allowed/);
    expect(await rejection('https://v6.example.com/', resolvesTo('::ffff:127.0.0.1', 6))).toMatch(/not allowed/);
    expect(await rejection('https://slow.example.com/', () => new Promise(() => undefined))).toMatch(/did not resolve within 200 ms/);
    expect(await rejection('https://gone.example.com/', async () => Promise.reject(new Error('ENOTFOUND')))).toMatch(/does not resolve/);
  });

  it('lets the development hosts of ALLOW_PRIVATE_TARGETS through, plain http included', async () => {
    const development = { allowPrivateHosts: ['127.0.0.1'] };
    expect(await checkWebhookUrl('http://127.0.0.1:8123/hook', development, 200)).toBe('http://127.0.0.1:8123/hook');
    expect(await rejection('http://10.0.0.1/hook', resolvesTo('10.0.0.1'), development)).toMatch(/https|not allowed/);
  });
});
