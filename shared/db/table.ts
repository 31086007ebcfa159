import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** The single table, bound once to its client: every store function takes it. */
export interface Table {
  client: DynamoDBDocumentClient;
  name: string;
}

/** An item's primary key; each store builds the keys of its own items. */
export interface ItemKey {
  pk: string;
  sk: string;
}

export function bindTable(client: DynamoDBDocumentClient, name: string): Table {
  return { client, name };
}
