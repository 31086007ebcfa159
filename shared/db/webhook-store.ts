import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { adjustAccountCounter } from '#shared/db/account-counters.js';
import { conditionalWrite } from '#shared/db/conditional-write.js';
import { queryAll } from '#shared/db/query-pages.js';
import { writeTransaction } from '#shared/db/transactions.js';
import type { StoredWebhook } from '#shared/model/webhooks/webhook.js';
import type { ItemKey, Table } from '#shared/db/table.js';

/** Webhook endpoints live in their account's partition. */
export const webhookKey = (accountId: string, webhookId: string): ItemKey => ({ pk: `ACCOUNT#${accountId}`, sk: `WEBHOOK#${webhookId}` });
export const webhooksOf = (accountId: string) => ({ pk: `ACCOUNT#${accountId}`, skPrefix: 'WEBHOOK#' });

function toWebhook(item: Record<string, unknown>): StoredWebhook {
  const { pk: _pk, sk: _sk, type: _type, ...webhook } = item;
  return webhook as unknown as StoredWebhook;
}

export async function listWebhookItems(table: Table, accountId: string): Promise<StoredWebhook[]> {
  const { pk, skPrefix } = webhooksOf(accountId);
  const items = await queryAll(table.client, {
    TableName: table.name,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
    ConsistentRead: true,
  });
  return items.map(toWebhook).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

export async function getWebhookItem(table: Table, accountId: string, webhookId: string): Promise<StoredWebhook | null> {
  const { Item } = await table.client.send(
    new GetCommand({ TableName: table.name, Key: webhookKey(accountId, webhookId), ConsistentRead: true }),
  );
  return Item ? toWebhook(Item) : null;
}

/** The webhook and the account's webhook count in one transaction, conditional on the tier's limit. */
export async function addWebhookItem(
  table: Table,
  webhook: StoredWebhook,
  limit: number,
): Promise<'added' | 'limit_reached' | 'exists' | 'conflict'> {
  const codes = await writeTransaction(table.client, [
    adjustAccountCounter(table, webhook.accountId, 'webhookCount', 1, limit),
    {
      Put: {
        TableName: table.name,
        Item: { ...webhookKey(webhook.accountId, webhook.id), type: 'Webhook', ...webhook },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ]);
  if (!codes) return 'added';
  // An endpoint of this id exists: a repeat of a create with its Idempotency-Key (shared/model/idempotency-key.ts).
  if (codes[1] === 'ConditionalCheckFailed') return 'exists';
  return codes[0] === 'ConditionalCheckFailed' ? 'limit_reached' : 'conflict';
}

export async function deleteWebhookItem(table: Table, accountId: string, webhookId: string): Promise<boolean> {
  const codes = await writeTransaction(table.client, [
    { Delete: { TableName: table.name, Key: webhookKey(accountId, webhookId), ConditionExpression: 'attribute_exists(pk)' } },
    adjustAccountCounter(table, accountId, 'webhookCount', -1),
  ]);
  if (!codes) return true;
  if (codes[0] === 'ConditionalCheckFailed') return false;
  throw new Error(`Deleting webhook ${webhookId} was cancelled: ${codes.join(', ')}`);
}

/**
 * An attempt's outcome on its endpoint: a success resets the run of failures (and, for a test delivery,
 * re-enables the endpoint), a failure extends it. Null when the endpoint was deleted meanwhile.
 */
export async function recordWebhookOutcome(
  table: Table,
  webhook: Pick<StoredWebhook, 'accountId' | 'id'>,
  outcome: { at: string; statusCode: number | null; success: boolean; reactivate?: boolean },
): Promise<StoredWebhook | null> {
  const values: Record<string, unknown> = { ':at': outcome.at, ':code': outcome.statusCode };
  let update: string;
  if (outcome.success) {
    update = `SET lastTriggeredAt = :at, lastStatusCode = :code, failureCount = :zero${outcome.reactivate ? ', isActive = :true' : ''} REMOVE failingSince, disabledReason`;
    values[':zero'] = 0;
    if (outcome.reactivate) values[':true'] = true;
  } else {
    update =
      'SET lastTriggeredAt = :at, lastStatusCode = :code, failureCount = failureCount + :one, failingSince = if_not_exists(failingSince, :at)';
    values[':one'] = 1;
  }
  try {
    const { Attributes } = await table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: webhookKey(webhook.accountId, webhook.id),
        UpdateExpression: update,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? toWebhook(Attributes) : null;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return null;
    throw error;
  }
}

/** Turns an active endpoint off; true for the one caller that did it (who tells the owner). */
export async function disableWebhookItem(table: Table, webhook: Pick<StoredWebhook, 'accountId' | 'id'>, reason: string): Promise<boolean> {
  return conditionalWrite(
    table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: webhookKey(webhook.accountId, webhook.id),
        UpdateExpression: 'SET isActive = :false, disabledReason = :reason',
        ConditionExpression: 'isActive = :true',
        ExpressionAttributeValues: { ':false': false, ':true': true, ':reason': reason },
      }),
    ),
  );
}
