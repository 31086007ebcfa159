/**
 * The single table's shape, shared by the CDK stack and the local stack so the two cannot drift.
 * GSI1 lists an owner's items newest first; GSI2 is the sparse, sharded index of due rescans.
 */
export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'expiresAt',
  indexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
} as const;

export type IndexName = (typeof tableDefinition.indexes)[number]['name'];
