import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from '#shared/db/keys.js';

/**
 * Takes a target host for one rescan until `untilSeconds`, unless another rescan holds it: rescans of
 * one shop are serialised and spaced. Returns when the host is free again when it is taken. The lease
 * expires by itself, so a worker that died never blocks the host for long.
 */
export async function claimHost(
  db: DynamoDBDocumentClient,
  tableName: string,
  host: string,
  window: { nowSeconds: number; untilSeconds: number },
): Promise<{ claimed: true } | { claimed: false; freeAtSeconds: number }> {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...keys.hostRescanLease(host), type: 'HostLease', until: window.untilSeconds, expiresAt: window.untilSeconds + 3_600 },
        ConditionExpression: 'attribute_not_exists(pk) OR #until <= :now',
        ExpressionAttributeNames: { '#until': 'until' },
        ExpressionAttributeValues: { ':now': window.nowSeconds },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { claimed: true };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    return { claimed: false, freeAtSeconds: Number(error.Item?.until ?? window.nowSeconds) };
  }
}

/** After a rescan: the host stays taken for the spacing, then the next rescan of it may start. */
export async function spaceHost(db: DynamoDBDocumentClient, tableName: string, host: string, untilSeconds: number): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName,
      Item: { ...keys.hostRescanLease(host), type: 'HostLease', until: untilSeconds, expiresAt: untilSeconds + 3_600 },
    }),
  );
}
