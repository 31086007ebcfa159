/**
 * The single table's shape, shared by the CDK stack and the local stack so the two cannot drift.
 * GSI1 lists an owner's items newest first; GSI2 is the sparse, sharded index of due rescans. Both
 * project keys only: a listing reads the page's items from the table (one BatchGetItem), so large
 * items (gzipped scan results) are not stored twice.
 */
export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'expiresAt',
  indexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk', projection: 'KEYS_ONLY' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk', projection: 'KEYS_ONLY' },
  ],
} as const;

export type IndexName = (typeof tableDefinition.indexes)[number]['name'];
