import { describe, expect, it } from 'vitest';
import { alertDestination, alertsGoTo, type AlertRoutingInput } from '#shared/model/sites/alert-routing.js';
import type { EventType } from '#shared/model/events.js';
import type { StoredWebhook } from '#shared/model/webhooks/webhook.js';

function webhook(id: string, events: EventType[], overrides: Partial<StoredWebhook> = {}): StoredWebhook {
  return {
    id,
    accountId: 'a1',
    url: `https://hooks.example/${id}`,
    label: `Hook ${id}`,
    events,
    isActive: true,
    lastTriggeredAt: null,
    lastStatusCode: null,
    failureCount: 0,
    createdAt: '2026-11-01T00:00:00.000Z',
    sealedSecret: 'sealed',
    ...overrides,
  };
}

const threshold = { isActive: true };

function input(overrides: Partial<AlertRoutingInput> = {}): AlertRoutingInput {
  return {
    site: { alertEnabled: true, thresholds: [] },
    paused: false,
    account: { email: 'owner@shop.example', tier: 'pro' },
    webhooks: [],
    webhooksMax: 1,
    ...overrides,
  };
}

describe('where an alert goes', () => {
  it('goes to the webhooks that receive its event, and is mailed when none does', () => {
    const hooks = [webhook('w1', ['score_change']), webhook('w2', ['score_change'], { isActive: false })];
    expect(alertDestination('score_change', hooks, 'pro', 1)).toEqual({
      channel: 'webhook',
      webhooks: [{ id: 'w1', label: 'Hook w1', url: 'https://hooks.example/w1' }],
    });
    expect(alertDestination('score_change', [hooks[1]!], 'pro', 1)).toEqual({ channel: 'email' });
    // Free has no webhooks; a growth endpoint past a downgraded plan's limit waits, so the alert is mailed.
    expect(alertDestination('score_change', hooks, 'free', 0)).toEqual({ channel: 'email' });
    expect(alertDestination('score_change', [webhook('old', ['scan_complete']), hooks[0]!], 'pro', 1)).toEqual({ channel: 'email' });
  });
});

describe("where a site's alerts go", () => {
  it('says e-mail to the account address when no webhook takes them', () => {
    expect(alertsGoTo(input())).toEqual({
      channel: 'email',
      address: 'owner@shop.example',
      webhooks: [],
      reason: null,
      events: [{ event: 'score_change', channel: 'email', webhookIds: [] }],
    });
  });

  it('names the webhooks when they take every alert, and the address is not shown', () => {
    const routed = alertsGoTo(
      input({
        account: { email: 'owner@shop.example', tier: 'growth' },
        site: { alertEnabled: true, thresholds: [threshold] },
        webhooks: [webhook('w1', ['score_change', 'threshold_alert']), webhook('w2', ['threshold_alert'])],
        webhooksMax: 10,
      }),
    );
    expect(routed.channel).toBe('webhook');
    expect(routed.address).toBeNull();
    expect(routed.webhooks.map((hook) => hook.id)).toEqual(['w1', 'w2']);
    expect(routed.events).toEqual([
      { event: 'score_change', channel: 'webhook', webhookIds: ['w1'] },
      { event: 'threshold_alert', channel: 'webhook', webhookIds: ['w1', 'w2'] },
    ]);
  });

  it('splits per event: a growth webhook for score changes only leaves threshold alerts to e-mail', () => {
    const routed = alertsGoTo(
      input({
        account: { email: 'owner@shop.example', tier: 'growth' },
        site: { alertEnabled: true, thresholds: [threshold] },
        webhooks: [webhook('w1', ['score_change'])],
        webhooksMax: 10,
      }),
    );
    expect(routed).toMatchObject({ channel: 'email_and_webhook', address: 'owner@shop.example', webhooks: [{ id: 'w1' }] });
    expect(routed.events.map((route) => `${route.event}:${route.channel}`)).toEqual(['score_change:webhook', 'threshold_alert:email']);
  });

  it('lists threshold alerts only on growth and only for a site with an active threshold', () => {
    const events = (overrides: Partial<AlertRoutingInput>) => alertsGoTo(input(overrides)).events.map((route) => route.event);
    const withThreshold = { alertEnabled: true, thresholds: [threshold] };
    expect(events({ site: withThreshold })).toEqual(['score_change']);
    expect(events({ site: { alertEnabled: true, thresholds: [{ isActive: false }] }, account: { email: 'e', tier: 'growth' } })).toEqual([
      'score_change',
    ]);
    expect(events({ site: withThreshold, account: { email: 'e', tier: 'growth' } })).toEqual(['score_change', 'threshold_alert']);
  });

  it('says why nothing goes anywhere: alerts off, or a paused site', () => {
    expect(alertsGoTo(input({ site: { alertEnabled: false, thresholds: [] } }))).toEqual({
      channel: 'none',
      address: null,
      webhooks: [],
      reason: 'Alerts are off for this site.',
      events: [],
    });
    expect(alertsGoTo(input({ paused: true })).reason).toMatch(/not rescanned/);
  });
});
