import { randomUUID } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite } from '#shared/db/conditional-write.js';
import type { ItemKey, Table } from '#shared/db/table.js';

/** One of the few scan slots of a target host that batch items share (a lease: it expires). */
export const hostScanSlotKey = (host: string, slot: number): ItemKey => ({ pk: `HOSTSLOT#${host}`, sk: `SLOT#${slot}` });

export interface HostSlot {
  host: string;
  slot: number;
  claimId: string;
}

/**
 * Takes one of a target host's `slots` scan slots until `untilMs`, or null when all are held: at most
 * that many scans of one shop run at once. A slot is a lease, so a worker that died frees it in time.
 */
export async function claimHostSlot(
  table: Table,
  host: string,
  slots: number,
  lease: { now: number; untilMs: number },
): Promise<HostSlot | null> {
  for (let slot = 0; slot < slots; slot += 1) {
    const claimId = randomUUID();
    const claimed = await conditionalWrite(
      table.client.send(
        new PutCommand({
          TableName: table.name,
          Item: {
            ...hostScanSlotKey(host, slot),
            type: 'HostSlot',
            claimId,
            until: lease.untilMs,
            expiresAt: Math.ceil(lease.untilMs / 1000) + 3_600,
          },
          ConditionExpression: 'attribute_not_exists(pk) OR #until < :now',
          ExpressionAttributeNames: { '#until': 'until' },
          ExpressionAttributeValues: { ':now': lease.now },
        }),
      ),
    );
    if (claimed) return { host, slot, claimId };
  }
  return null;
}

/** Gives the slot back (only if this claim still holds it). */
export async function releaseHostSlot(table: Table, held: HostSlot): Promise<void> {
  await conditionalWrite(
    table.client.send(
      new DeleteCommand({
        TableName: table.name,
        Key: hostScanSlotKey(held.host, held.slot),
        ConditionExpression: 'claimId = :claim',
        ExpressionAttributeValues: { ':claim': held.claimId },
      }),
    ),
  );
}
