import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from '#shared/db/keys.js';
import { queryAll } from '#shared/db/query-pages.js';

/** The event types at least one of the account's active webhooks is subscribed to. */
export async function subscribedEventTypes(db: DynamoDBDocumentClient, tableName: string, accountId: string): Promise<Set<string>> {
  const { pk, skPrefix } = keys.webhooksOf(accountId);
  const webhooks = await queryAll(db, {
    TableName: tableName,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
    ProjectionExpression: 'events, isActive',
    ConsistentRead: true,
  });
  return new Set(webhooks.filter((webhook) => webhook.isActive !== false).flatMap((webhook) => (webhook.events as string[] | undefined) ?? []));
}
