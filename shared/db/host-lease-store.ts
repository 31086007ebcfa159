import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ItemKey, Table } from '#shared/db/table.js';

/** Serialises rescans of one target host (a lease, not a lock: it expires). */
export const hostRescanLeaseKey = (host: string): ItemKey => ({ pk: `HOSTLEASE#${host}`, sk: 'HOSTLEASE' });

/**
 * Takes a target host for one rescan until `untilSeconds`, unless another rescan holds it: rescans of
 * one shop are serialised and spaced. Returns when the host is free again when it is taken. The lease
 * expires by itself, so a worker that died never blocks the host for long.
 */
export async function claimHost(
  table: Table,
  host: string,
  window: { nowSeconds: number; untilSeconds: number },
): Promise<{ claimed: true } | { claimed: false; freeAtSeconds: number }> {
  try {
    await table.client.send(
      new PutCommand({
        TableName: table.name,
        Item: { ...hostRescanLeaseKey(host), type: 'HostLease', until: window.untilSeconds, expiresAt: window.untilSeconds + 3_600 },
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
export async function spaceHost(table: Table, host: string, untilSeconds: number): Promise<void> {
  await table.client.send(
    new PutCommand({
      TableName: table.name,
      Item: { ...hostRescanLeaseKey(host), type: 'HostLease', until: untilSeconds, expiresAt: untilSeconds + 3_600 },
    }),
  );
}
