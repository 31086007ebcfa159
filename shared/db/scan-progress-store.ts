import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite } from '#shared/db/conditional-write.js';
import { scanStages, type ScanStage } from '#shared/model/scans/scan-stage.js';
import type { ItemKey, Table } from '#shared/db/table.js';

/** The stage a running public scan has reached, under the id its page chose (it expires within the hour). */
export const scanProgressKey = (progressId: string): ItemKey => ({ pk: `PROGRESS#${progressId}`, sk: 'PROGRESS' });

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
export async function recordScanProgress(table: Table, progressId: string, stage: ScanStage, nowMs: number): Promise<void> {
  const step = scanStages.indexOf(stage);
  await conditionalWrite(
    table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: scanProgressKey(progressId),
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

export async function getScanProgress(table: Table, progressId: string, nowMs: number): Promise<ScanProgress | null> {
  const { Item } = await table.client.send(new GetCommand({ TableName: table.name, Key: scanProgressKey(progressId) }));
  if (!Item || Number(Item.expiresAt) * 1000 <= nowMs) return null;
  return { stage: Item.stage as ScanStage, updatedAt: String(Item.updatedAt) };
}
