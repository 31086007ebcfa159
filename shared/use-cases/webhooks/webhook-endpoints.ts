import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import { allowedPrivateHosts } from '#shared/config.js';
import { addWebhookItem, deleteWebhookItem, getWebhookItem, listWebhookItems } from '#shared/db/webhook-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { Caller } from '#shared/model/accounts/caller.js';
import { isoNow } from '#shared/model/clock.js';
import { AppError, conflict, forbidden, invalidInput, notFound } from '#shared/model/errors.js';
import { credentialOf, idempotencyWindowHours, idempotentId, replayRefusal } from '#shared/model/idempotency-key.js';
import { eventTypes, type EventType } from '#shared/model/events.js';
import { allowanceFor } from '#shared/model/plans.js';
import { checkWebhookUrl } from '#shared/use-cases/webhooks/check-webhook-url.js';
import { allowedEvents, secretContext, webhookView, type StoredWebhook, type WebhookView } from '#shared/model/webhooks/webhook.js';

export async function listWebhooks(
  caller: Caller,
  deps: Pick<Dependencies, 'config' | 'table'>,
): Promise<{ webhooks: WebhookView[]; limit: number; used: number; allowedEvents: EventType[] }> {
  const webhooks = await listWebhookItems(deps.table, caller.accountId);
  return {
    webhooks: webhooks.map(webhookView),
    limit: allowanceFor(caller.tier, deps.config).webhooksMax,
    used: webhooks.length,
    allowedEvents: allowedEvents(caller.tier),
  };
}

function checkEvents(requested: readonly string[], caller: Caller): EventType[] {
  const unknown = requested.filter((event) => !(eventTypes as readonly string[]).includes(event));
  if (unknown.length > 0)
    throw invalidInput(`events: unknown event ${unknown.map((e) => JSON.stringify(e)).join(', ')}; allowed: ${eventTypes.join(', ')}`);
  const allowed = allowedEvents(caller.tier);
  const above = requested.filter((event) => !allowed.includes(event as EventType));
  if (above.length > 0)
    throw forbidden(
      `The ${caller.tier} tier cannot subscribe to ${above.join(', ')}; it allows ${allowed.join(', ')} (growth allows all four)`,
    );
  return [...new Set(requested as EventType[])];
}

/**
 * Registers an endpoint: its URL checked (https, public, resolving to public addresses), its events
 * those of the caller's tier, the account's webhook limit held in the same transaction as the write.
 * The signing secret (`whsec_` + 32 random bytes in base64) is returned once and stored sealed.
 */
export async function createWebhook(
  caller: Caller,
  request: { url: string; events: string[]; label?: string | undefined },
  deps: Pick<Dependencies, 'config' | 'table' | 'clock' | 'secretBox' | 'lookup'>,
  idempotencyKey?: string,
): Promise<{ webhook: WebhookView; secret: string }> {
  const events = checkEvents(request.events, caller);
  const url = await checkWebhookUrl(
    request.url,
    { allowPrivateHosts: allowedPrivateHosts(deps.config) },
    deps.config.hostResolveTimeoutMs,
    deps.lookup,
  );
  const id = idempotentId(caller.accountId, 'createWebhook', idempotencyKey) ?? randomUUID();
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const webhook: StoredWebhook = {
    id,
    accountId: caller.accountId,
    url,
    label: request.label ?? null,
    events,
    isActive: true,
    lastTriggeredAt: null,
    lastStatusCode: null,
    failureCount: 0,
    createdAt: isoNow(deps.clock),
    sealedSecret: await deps.secretBox.seal(secret, secretContext({ accountId: caller.accountId, id })),
    ...(idempotencyKey === undefined ? {} : { createdBy: credentialOf(caller) }),
  };
  const limit = allowanceFor(caller.tier, deps.config).webhooksMax;
  // A transaction cancelled by a conflict (another write to the account at the same moment) changed
  // nothing: it is tried again a few times before the caller is asked to.
  let outcome = await addWebhookItem(deps.table, webhook, limit);
  for (let retry = 0; outcome === 'conflict' && retry < 5; retry += 1) {
    await setTimeout(10 + Math.random() * 40 * (retry + 1));
    outcome = await addWebhookItem(deps.table, webhook, limit);
  }
  if (outcome === 'exists') return repeatedCreate(caller, webhook, deps);
  if (outcome === 'limit_reached') throw forbidden(`Webhook limit reached: the ${caller.tier} plan allows ${limit}`);
  if (outcome === 'conflict')
    throw new AppError('unavailable', 'The account changed at the same moment; try again', { retryAfterSeconds: 1 });
  return { webhook: webhookView(webhook), secret };
}

/**
 * A repeat of a create with its Idempotency-Key: never a second endpoint. The first answer again, its
 * secret included, only to the credential that created it and within 24 hours (a lost answer's retry);
 * anyone else, or later, is told the endpoint exists, without the secret the spec shows once
 * (docs/decisions/096-idempotent-answers-per-credential.md).
 */
async function repeatedCreate(
  caller: Caller,
  submitted: StoredWebhook,
  deps: Pick<Dependencies, 'table' | 'clock' | 'secretBox'>,
): Promise<{ webhook: WebhookView; secret: string }> {
  const existing = await getWebhookItem(deps.table, caller.accountId, submitted.id);
  const same =
    existing !== null &&
    existing.url === submitted.url &&
    existing.label === submitted.label &&
    existing.events.join(',') === submitted.events.join(',');
  if (!same) throw conflict('This Idempotency-Key was used for a different webhook');
  const refusal = replayRefusal(existing, caller, deps.clock.now());
  if (refusal === 'another_credential')
    throw conflict(
      `This Idempotency-Key created webhook ${existing.id} with another API key or dashboard session; its secret is shown only to that one. Send a new Idempotency-Key to create another webhook`,
    );
  if (refusal === 'expired')
    throw conflict(
      `This Idempotency-Key created webhook ${existing.id} more than ${idempotencyWindowHours} hours ago; its secret is not shown again (delete the webhook and create another for a new one). Send a new Idempotency-Key to create another webhook`,
    );
  return { webhook: webhookView(existing), secret: await deps.secretBox.open(existing.sealedSecret, secretContext(existing)) };
}

export async function deleteWebhook(caller: Caller, webhookId: string, deps: Pick<Dependencies, 'table'>): Promise<{ deleted: boolean }> {
  if (!(await deleteWebhookItem(deps.table, caller.accountId, webhookId))) throw notFound('Webhook not found');
  return { deleted: true };
}
