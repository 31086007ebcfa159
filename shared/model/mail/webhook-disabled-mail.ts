import { escapeHtml } from '#shared/model/escape-html.js';

const service = 'Agent Readiness Scanner';

/** Tells an endpoint's owner that deliveries stopped, why, and how to turn them back on. */
export function webhookDisabledMail(
  webhook: { url: string; label: string | null; id: string },
  reason: string,
): { subject: string; text: string; html: string } {
  const name = webhook.label ?? webhook.url;
  const subject = `Webhook disabled: ${name}`;
  const lines = [
    `${service} stopped sending events to your webhook endpoint ${webhook.url}${webhook.label ? ` (${webhook.label})` : ''}.`,
    '',
    `Why: ${reason}`,
    '',
    `Its delivery log shows every attempt: GET /api/v1/webhooks/${webhook.id}/deliveries.`,
    `Once the endpoint answers 2xx again, send a test delivery (POST /api/v1/webhooks/${webhook.id}/test): a successful test turns it back on.`,
  ];
  const html = lines
    .filter((line) => line !== '')
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('\n');
  return { subject, text: lines.join('\n'), html };
}
