import { createHmac, timingSafeEqual } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { serviceSignature, signDelivery } from '#shared/adapters/webhook-signer.js';

const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

describe('webhook signatures', () => {
  it('X-Service-Signature is the hex HMAC-SHA256 of the raw body keyed with the whole secret string', () => {
    // Fixed vector, computed independently: printf '%s' "$body" | openssl dgst -sha256 -hmac "$secret" -hex
    expect(serviceSignature(secret, '{"id":"evt","type":"score_change"}')).toBe(
      'c921d46a2ea706a113f23018f4d5567c47a18cac505b7a00eef2266bfec0a1ca',
    );
  });

  it('keys with the UTF-8 bytes of the secret and signs the body bytes as sent (unicode included)', () => {
    const body = JSON.stringify({ label: 'Café — 店' });
    const expected = createHmac('sha256', Buffer.from(secret, 'utf8')).update(Buffer.from(body, 'utf8')).digest();
    const actual = Buffer.from(serviceSignature(secret, body), 'hex');
    expect(timingSafeEqual(actual, expected)).toBe(true);
  });

  it("matches the Standard Webhooks specification's published test vector", () => {
    const headers = signDelivery(secret, {
      id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      body: '{"test": 2432232314}',
      at: new Date(1614265330_000),
    });
    expect(headers['webhook-signature']).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
    expect(headers['webhook-timestamp']).toBe('1614265330');
    expect(headers['webhook-id']).toBe('msg_p5jXN8AQM9LWM0D4loKWxJek');
  });

  it("verifies with standardwebhooks' own verify, and fails it once the body changes", () => {
    const body = JSON.stringify({ id: 'e1', type: 'score_change', data: { score: 40 } });
    const headers = signDelivery(secret, { id: 'e1', body, at: new Date() });
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(body.replace('40', '41'), { ...headers })).toThrow();
  });
});
