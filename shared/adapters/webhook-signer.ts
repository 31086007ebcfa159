import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** The headers that let a receiver check a delivery came from this service and is fresh. */
export interface SignedHeaders {
  'x-service-signature': string;
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * The spec's signature: hex HMAC-SHA256 of the raw body, keyed with the secret exactly as it was shown
 * at creation (the UTF-8 bytes of the whole `whsec_...` string).
 */
export function serviceSignature(secret: string, body: string): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(body, 'utf8').digest('hex');
}

/**
 * Both signatures of one delivery attempt. Standard Webhooks signs `id.timestamp.body` with the
 * base64-decoded part after `whsec_`, so receivers get replay protection from its timestamp; the id is
 * the event's, the same on every retry, so a receiver can drop repeats.
 */
export function signDelivery(secret: string, delivery: { id: string; body: string; at: Date }): SignedHeaders {
  const timestamp = Math.floor(delivery.at.getTime() / 1000);
  return {
    'x-service-signature': serviceSignature(secret, delivery.body),
    'webhook-id': delivery.id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': new Webhook(secret).sign(delivery.id, new Date(timestamp * 1000), delivery.body),
  };
}
