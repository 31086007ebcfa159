import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type AttributeDefinition,
  type DynamoDBClient,
  type GlobalSecondaryIndex,
  type TableDescription,
} from '@aws-sdk/client-dynamodb';
import { tableDefinition } from '#shared/db/table-definition.js';

type IndexDefinition = (typeof tableDefinition.indexes)[number];

function stringAttributes(names: string[]): AttributeDefinition[] {
  return [...new Set(names)].map((AttributeName) => ({ AttributeName, AttributeType: 'S' }));
}

function indexSpec(index: IndexDefinition): GlobalSecondaryIndex {
  return {
    IndexName: index.name,
    KeySchema: [
      { AttributeName: index.partitionKey, KeyType: 'HASH' },
      { AttributeName: index.sortKey, KeyType: 'RANGE' },
    ],
    Projection: { ProjectionType: index.projection },
  };
}

async function describe(client: DynamoDBClient, tableName: string): Promise<TableDescription | undefined> {
  try {
    return (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table;
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return undefined;
    throw error;
  }
}

/**
 * Makes the table match `tableDefinition`: creates it when missing, adds indexes that a newer
 * definition introduced (the data folder outlives code changes), and turns TTL on.
 */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  const { partitionKey, sortKey, indexes, ttlAttribute } = tableDefinition;
  const existing = await describe(client, tableName);
  if (!existing) {
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: stringAttributes([partitionKey, sortKey, ...indexes.flatMap((index) => [index.partitionKey, index.sortKey])]),
        KeySchema: [
          { AttributeName: partitionKey, KeyType: 'HASH' },
          { AttributeName: sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: indexes.map(indexSpec),
      }),
    );
  } else {
    const present = new Set((existing.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
    // DynamoDB adds one index per UpdateTable call.
    for (const index of indexes.filter((candidate) => !present.has(candidate.name))) {
      await client.send(
        new UpdateTableCommand({
          TableName: tableName,
          AttributeDefinitions: stringAttributes([index.partitionKey, index.sortKey]),
          GlobalSecondaryIndexUpdates: [{ Create: indexSpec(index) }],
        }),
      );
    }
  }
  const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
  if (ttl.TimeToLiveDescription?.TimeToLiveStatus !== 'ENABLED') {
    await client.send(
      new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { Enabled: true, AttributeName: ttlAttribute } }),
    );
  }
}
