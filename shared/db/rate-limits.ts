import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from '#shared/db/keys.js';
import { admit, type WindowRule } from '#shared/domain/rate-window.js';

export interface RateLimitOutcome {
  allowed: boolean;
  retryAfterSeconds: number;
}

interface RateLimitItem {
  hits?: number[];
  version?: number;
}

const maxAttempts = 25;

/**
 * Records one request against a rolling window. The write is conditional on the version that was
 * read, so two concurrent requests can never both take the last slot; the loser re-reads and decides again.
 */
export async function consumeRateLimit(
  db: DynamoDBDocumentClient,
  tableName: string,
  request: { rule: string; subject: string; now: number } & WindowRule,
): Promise<RateLimitOutcome> {
  const key = keys.rateLimit(request.rule, request.subject);
  for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
    const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
    const item = Item as RateLimitItem | undefined;
    const decision = admit(item?.hits ?? [], request.now, request);
    if (!decision.allowed) return { allowed: false, retryAfterSeconds: decision.retryAfterSeconds };
    const version = item?.version ?? 0;
    try {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...key,
            type: 'RateLimit',
            hits: decision.hits,
            version: version + 1,
            expiresAt: Math.ceil(request.now / 1000) + request.windowSeconds,
          },
          ConditionExpression: item ? 'version = :version' : 'attribute_not_exists(pk)',
          ...(item ? { ExpressionAttributeValues: { ':version': version } } : {}),
        }),
      );
      return { allowed: true, retryAfterSeconds: 0 };
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
  // Sustained contention on one subject: refuse rather than over-admit.
  return { allowed: false, retryAfterSeconds: 1 };
}
