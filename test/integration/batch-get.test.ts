import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { batchGet, batchGetMaxKeys } from '#shared/db/batch-get.js';
import { ensureTable } from '../../bin/local/create-table.js';
import { localClientConfig } from '../../bin/local/local-aws.js';
import { bindTable } from '#shared/db/table.js';

const tableName = `batch-get-${randomUUID().slice(0, 8)}`;
let client: DynamoDBClient;
let db: DynamoDBDocumentClient;

beforeAll(async () => {
  client = new DynamoDBClient(localClientConfig(inject('dynamodbEndpoint'), inject('awsRegion')));
  await ensureTable(client, tableName);
  db = DynamoDBDocumentClient.from(client);
}, 60_000);

afterAll(() => client.destroy());

describe('batchGet on DynamoDB Local', () => {
  // An account listing more API keys than one BatchGetItem takes answered 500 (found by `npm run load`).
  it('reads more keys than one BatchGetItem allows, in the order asked, leaving out the missing ones', async () => {
    const pk = `T#${randomUUID()}`;
    const stored = Array.from({ length: 2 * batchGetMaxKeys + 30 }, (_, index) => ({
      pk,
      sk: `ITEM#${String(index).padStart(4, '0')}`,
      n: index,
    }));
    await Promise.all(stored.map((item) => db.send(new PutCommand({ TableName: tableName, Item: item }))));
    const wanted = [...stored].reverse().map(({ pk: itemPk, sk }) => ({ pk: itemPk, sk }));
    wanted.splice(5, 0, { pk, sk: 'ITEM#missing' });
    const found = await batchGet(bindTable(db, tableName), wanted, { consistent: true });
    expect(found.map((item) => item.n)).toEqual(stored.map((item) => item.n).reverse());
  }, 60_000);
});
