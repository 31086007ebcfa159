import { describe, expect, it } from 'vitest';
import { receivingEndpoints, type StoredWebhook } from '#shared/model/webhooks/webhook.js';

function webhook(id: string, events: StoredWebhook['events'], isActive = true): StoredWebhook {
  return {
    id,
    accountId: 'a',
    url: `https://hooks.example.com/${id}`,
    label: null,
    events,
    isActive,
    lastTriggeredAt: null,
    lastStatusCode: null,
    failureCount: 0,
    createdAt: `2026-11-0${id}T00:00:00Z`,
    sealedSecret: 'v1:x',
  };
}

describe('the endpoints an event goes to', () => {
  const oldest = webhook('1', ['score_change', 'scan_complete']);
  const disabled = webhook('2', ['score_change'], false);
  const newer = webhook('3', ['score_change', 'threshold_alert']);

  it('are the active ones subscribed to the type', () => {
    expect(receivingEndpoints([oldest, disabled, newer], 'score_change', 'growth', 5)).toEqual([oldest, newer]);
    expect(receivingEndpoints([oldest, disabled, newer], 'threshold_alert', 'growth', 5)).toEqual([newer]);
  });

  it('only for types the tier allows, and only among the oldest endpoints up to its limit', () => {
    expect(receivingEndpoints([oldest, newer], 'scan_complete', 'pro', 1)).toEqual([]);
    expect(receivingEndpoints([oldest, newer], 'score_change', 'pro', 1)).toEqual([oldest]);
    expect(receivingEndpoints([newer, oldest].slice(0, 1), 'score_change', 'free', 0)).toEqual([]);
  });
});
