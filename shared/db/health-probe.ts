import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { ItemKey, Table } from '#shared/db/table.js';

export const healthProbeKey = (): ItemKey => ({ pk: 'HEALTH', sk: 'HEALTH' });

/** One consistent read of a key that never exists: proves the table answers and the role may read it. */
export async function probeTable(table: Table): Promise<void> {
  await table.client.send(new GetCommand({ TableName: table.name, Key: healthProbeKey(), ConsistentRead: true }));
}
