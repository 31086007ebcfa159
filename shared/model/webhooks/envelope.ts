import type { EventData, EventType, ServiceEvent } from '#shared/model/events.js';

/**
 * What a delivery's body holds (docs/guide.md "Webhooks", OpenAPI `webhooks`): the event's id (also the
 * `webhook-id` header, the same on every retry), its type, when it happened and its data. Test
 * deliveries add `"test": true`.
 */
export interface WebhookEnvelope<T extends EventType = EventType> {
  id: string;
  type: T;
  createdAt: string;
  data: EventData[T];
  test?: true;
}

/** The exact bytes every endpoint and every retry of the event receive. */
export function envelopeBody(event: ServiceEvent): string {
  return JSON.stringify({ id: event.id, type: event.type, createdAt: event.occurredAt, data: event.data });
}

const exampleSite = {
  siteId: '00000000-0000-4000-8000-000000000001',
  url: 'https://shop.example/',
  label: 'Example shop',
  scanId: '00000000-0000-4000-8000-000000000002',
};

/** Sample data of each type, for test deliveries: shaped like the real thing, naming nothing real. */
export const sampleData: { [T in EventType]: EventData[T] } = {
  scan_complete: {
    scanId: exampleSite.scanId,
    url: exampleSite.url,
    score: 72,
    band: 'partially_ready',
    tier: 'growth',
    siteId: null,
    batchId: null,
    assistants: [
      {
        id: 'chatgpt',
        verdict: 'can_buy',
        buyBasis: 'exercised',
        buyDrive: {
          url: 'https://shop.example/acp/checkout_sessions/agent-readiness-probe-0000',
          outcome: 'as_specified',
          detail: 'GET without credentials → HTTP 401 application/json, as ACP specifies',
          kind: 'probe',
        },
        buyProven: false,
      },
      {
        id: 'google',
        verdict: 'can_buy',
        buyBasis: 'exercised',
        buyDrive: {
          url: 'https://shop.example/ucp/v1/checkout-sessions',
          outcome: 'as_specified',
          detail: 'created a checkout for 1 × SKU-42, read it back (189.00 EUR, total 226.80 EUR, as the page says) and cancelled it',
          kind: 'checkout',
        },
        buyProven: true,
      },
      { id: 'claude', verdict: 'can_trust', buyBasis: 'declared', buyDrive: null, buyProven: false },
    ],
  },
  score_change: { ...exampleSite, previousScore: 80, score: 72, change: -8 },
  threshold_alert: {
    ...exampleSite,
    threshold: { id: '00000000-0000-4000-8000-000000000003', condition: 'drops_below', value: 75, isActive: true },
    score: 72,
    previousScore: 80,
  },
  batch_complete: { batchId: '00000000-0000-4000-8000-000000000004', status: 'completed', totalUrls: 10, completedUrls: 9, failedUrls: 1 },
};

export function testEnvelopeBody(id: string, type: EventType, createdAt: string): string {
  return JSON.stringify({ id, type, createdAt, data: sampleData[type], test: true });
}
