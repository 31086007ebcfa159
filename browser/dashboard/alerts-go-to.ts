/** Where a watched site's alerts go, as the API gives it (`alertsGoTo`, shared/http/schemas/sites-schemas.ts). */
export interface AlertsGoTo {
  channel: 'email' | 'webhook' | 'email_and_webhook' | 'none';
  address: string | null;
  webhooks: Array<{ id: string; label: string | null; url: string | null }>;
  reason: string | null;
  events: Array<{ event: 'score_change' | 'threshold_alert'; channel: 'email' | 'webhook'; webhookIds: string[] }>;
}

function webhookName(hook: AlertsGoTo['webhooks'][number]): string {
  return hook.label || hook.url || `webhook ${hook.id.slice(0, 8)}`;
}

/** Where a site's alerts go, in words, for the dashboard's list of watched sites. */
export function alertsText(goTo: AlertsGoTo): string {
  if (goTo.channel === 'none') return `Off: ${goTo.reason}`;
  const hooks = goTo.webhooks.map(webhookName).join(', ');
  if (goTo.channel === 'email') return `E-mail to ${goTo.address}`;
  if (goTo.channel === 'webhook') return `Webhook: ${hooks} (no e-mail)`;
  const parts = goTo.events.map(
    (route) =>
      (route.event === 'score_change' ? 'score changes' : 'threshold alerts') + (route.channel === 'email' ? ' by e-mail' : ' by webhook'),
  );
  return `${parts.join(', ')} (e-mail to ${goTo.address}; webhook: ${hooks})`;
}
