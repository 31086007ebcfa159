import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite } from '#shared/db/conditional-write.js';
import type { HitRecord, RateWindowStore } from '#shared/model/rate-limiter.js';
import type { ItemKey, Table } from '#shared/db/table.js';

/** A rolling-window limit's counters for one subject (shared/model/rate-window.ts), one item per bucket width. */
export const rateLimitWindowKey = (rule: string, subject: string, bucketMs: number): ItemKey => ({
  pk: `RATE#${rule}#${subject}`,
  sk: `WINDOW#${bucketMs}`,
});

const bucketAttribute = /^b(\d+)$/;
const nameOf = (bucket: number) => `b${bucket}`;

/**
 * A limit's counters are one item, `RATE#<rule>#<subject>` / `WINDOW#<bucket width>`: the head bucket
 * in `head` and one number attribute per bucket (`b<index>`), at most span + slack + 1 of them
 * (shared/model/rate-window.ts), so reading and writing it costs the same at any limit.
 */
export function dynamoRateLimitStore(table: Table): RateWindowStore {
  return {
    async read(key) {
      const { Item } = await table.client.send(
        new GetCommand({ TableName: table.name, Key: rateLimitWindowKey(key.rule, key.subject, key.bucketMs), ConsistentRead: true }),
      );
      if (!Item || typeof Item.head !== 'number') return null;
      const counts = new Map<number, number>();
      for (const [name, value] of Object.entries(Item)) {
        const match = bucketAttribute.exec(name);
        if (match && typeof value === 'number') counts.set(Number(match[1]), value);
      }
      return { head: Item.head, counts };
    },

    async record(hit) {
      return conditionalWrite(
        table.client.send(
          new UpdateCommand({
            TableName: table.name,
            Key: rateLimitWindowKey(hit.key.rule, hit.key.subject, hit.key.bucketMs),
            ...recordExpression(hit),
          }),
        ),
      );
    },

    async refund(key, bucket) {
      await conditionalWrite(
        table.client.send(
          new UpdateCommand({
            TableName: table.name,
            Key: rateLimitWindowKey(key.rule, key.subject, key.bucketMs),
            UpdateExpression: 'ADD #bucket :minusOne',
            ConditionExpression: '#bucket > :zero',
            ExpressionAttributeNames: { '#bucket': nameOf(bucket) },
            ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
          }),
        ),
      );
    },
  };
}

function recordExpression({ bucket, expect, prune, expiresAtSeconds }: HitRecord) {
  const names: Record<string, string> = {
    '#head': 'head',
    '#expiresAt': 'expiresAt',
    '#type': 'type',
    [`#${nameOf(bucket)}`]: nameOf(bucket),
  };
  const values: Record<string, unknown> = { ':bucket': bucket, ':one': 1, ':expiresAt': expiresAtSeconds, ':type': 'RateLimitWindow' };
  let condition: string;
  switch (expect.kind) {
    case 'absent':
      condition = 'attribute_not_exists(pk)';
      break;
    case 'same-head':
      condition = `#head = :head AND (attribute_not_exists(#${nameOf(bucket)}) OR #${nameOf(bucket)} < :room)`;
      values[':head'] = expect.head;
      values[':room'] = expect.room;
      break;
    case 'advance':
      names[`#${nameOf(expect.head)}`] = nameOf(expect.head);
      condition = `#head = :head AND (attribute_not_exists(#${nameOf(expect.head)}) OR #${nameOf(expect.head)} <= :headCount)`;
      values[':head'] = expect.head;
      values[':headCount'] = expect.headCount;
      break;
  }
  for (const index of prune) names[`#${nameOf(index)}`] = nameOf(index);
  const remove = prune.length > 0 ? ` REMOVE ${prune.map((index) => `#${nameOf(index)}`).join(', ')}` : '';
  return {
    UpdateExpression: `SET #head = :bucket, #expiresAt = :expiresAt, #type = :type ADD #${nameOf(bucket)} :one${remove}`,
    ConditionExpression: condition,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}
