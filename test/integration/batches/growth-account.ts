import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { accountKey } from '#shared/db/account-store.js';
import type { Table } from '#shared/db/table.js';
import type { Caller } from '#shared/model/accounts/caller.js';

/** A growth account written straight into the table (with any extra attributes), and the caller it acts as. */
export async function putGrowthAccount(table: Table, values: Record<string, unknown> = {}): Promise<Caller> {
  const accountId = randomUUID();
  await table.client.send(
    new PutCommand({
      TableName: table.name,
      Item: {
        ...accountKey(accountId),
        type: 'Account',
        id: accountId,
        email: `${accountId}@example.com`,
        tier: 'growth',
        scanCount: 0,
        batchCount: 0,
        ...values,
      },
    }),
  );
  return { accountId, tier: 'growth', keyId: 'k', scopes: [], account: {} as Caller['account'] };
}
