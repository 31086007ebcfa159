import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite } from '#shared/db/conditional-write.js';
import { keys } from '#shared/db/keys.js';
import { queryAll } from '#shared/db/query-pages.js';
import type { RateSlotStore } from '#shared/domain/rate-limiter.js';
import type { HeldSlot } from '#shared/domain/rate-window.js';

/** A limit's slots are the items of one partition, `RATE#<rule>#<subject>` / `SLOT#<index>`. */
export function dynamoRateSlotStore(db: DynamoDBDocumentClient, tableName: string): RateSlotStore {
  return {
    async heldSlots(rule, subject) {
      const slots = keys.rateLimitSlotsOf(rule, subject);
      const items = await queryAll(db, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': slots.pk },
        ProjectionExpression: '#slot, #at',
        ExpressionAttributeNames: { '#slot': 'slot', '#at': 'at' },
        ConsistentRead: true,
      });
      return items.map((item) => ({ index: item.slot, at: item.at }) as HeldSlot);
    },

    async claimSlot({ rule, subject, index, at, claimId, cutoff, windowSeconds }) {
      return conditionalWrite(
        db.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...keys.rateLimitSlot(rule, subject, index),
              type: 'RateLimitSlot',
              slot: index,
              at,
              claimId,
              expiresAt: Math.ceil(at / 1000) + windowSeconds,
            },
            ConditionExpression: 'attribute_not_exists(pk) OR #at <= :cutoff',
            ExpressionAttributeNames: { '#at': 'at' },
            ExpressionAttributeValues: { ':cutoff': cutoff },
          }),
        ),
      );
    },

    async releaseSlot({ rule, subject, index, claimId }) {
      try {
        await db.send(
          new DeleteCommand({
            TableName: tableName,
            Key: keys.rateLimitSlot(rule, subject, index),
            ConditionExpression: 'claimId = :claimId',
            ExpressionAttributeValues: { ':claimId': claimId },
          }),
        );
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    },
  };
}
