import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite } from '#shared/db/conditional-write.js';
import { keys } from '#shared/db/keys.js';
import { scanStages, type ScanStage } from '#shared/scanner/scan-stage.js';

export interface ScanProgress {
  stage: ScanStage;
  updatedAt: string;
}

/** Progress is only worth reading while the page that asked for it waits. */
const keepSeconds = 3_600;

/**
 * Records that a scan reached `stage`. Writes may arrive out of order (they are not awaited one by one),
 * so a stage never replaces a later one.
 */
export async function recordScanProgress(
  db: DynamoDBDocumentClient,
  tableName: string,
  progressId: string,
  stage: ScanStage,
  nowMs: number,
): Promise<void> {
  const step = scanStages.indexOf(stage);
  await conditionalWrite(
    db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.scanProgress(progressId),
        UpdateExpression: 'SET #type = :type, stage = :stage, step = :step, updatedAt = :at, expiresAt = :expires',
        ConditionExpression: 'attribute_not_exists(step) OR step < :step',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: {
          ':type': 'ScanProgress',
          ':stage': stage,
          ':step': step,
          ':at': new Date(nowMs).toISOString(),
          ':expires': Math.floor(nowMs / 1000) + keepSeconds,
        },
      }),
    ),
  );
}

export async function getScanProgress(
  db: DynamoDBDocumentClient,
  tableName: string,
  progressId: string,
  nowMs: number,
): Promise<ScanProgress | null> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.scanProgress(progressId) }));
  if (!Item || Number(Item.expiresAt) * 1000 <= nowMs) return null;
  return { stage: Item.stage as ScanStage, updatedAt: String(Item.updatedAt) };
}
