import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';
import { localClientConfig } from '../../../bin/local/local-aws.js';
import { putScan } from '#shared/db/scan-store.js';
import { scanUrl, type ScanResult } from '#shared/scanner/engine.js';
import { createFetcher } from '#shared/outbound/index.js';
import type { Tier } from '#shared/model/tiers.js';
import { bindTable } from '#shared/db/table.js';

const budgets: Record<Tier, number> = { free: 0, pro: 1, growth: 4 };

/**
 * A real scan of `url`, stored as a public result in the browser stack's table, so report pages can be
 * tested with any tier's result without spending the public scanner's allowance. `edit` changes the
 * result before it is stored (a part the engine does not fill yet, a result stored by an older scanner).
 */
export async function storedPublicResult(
  url: string,
  tier: Tier,
  edit: (result: ScanResult) => ScanResult = (result) => result,
): Promise<ScanResult> {
  const fetcher = createFetcher({ allowPrivateHosts: ['127.0.0.1'] });
  try {
    const { result: scanned } = await scanUrl(url, {
      tier,
      productPageBudget: budgets[tier],
      fetcher,
      policy: { allowPrivateHosts: ['127.0.0.1'] },
      deadline: Date.now() + 25_000,
      retentionMs: 30 * 86_400_000,
    });
    const result = edit(scanned);
    const db = DynamoDBDocumentClient.from(new DynamoDBClient(localClientConfig(inject('webDynamodbEndpoint'), inject('webAwsRegion'))));
    await putScan(bindTable(db, inject('webTableName')), result);
    db.destroy();
    return result;
  } finally {
    await fetcher.close();
  }
}
