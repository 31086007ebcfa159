import { QueryCommand, type DynamoDBDocumentClient, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';

/** The items of a Query, page by page (DynamoDB stops a page at 1 MB), from `ExclusiveStartKey` if given; stop iterating to stop reading. */
export async function* queryItems(db: DynamoDBDocumentClient, input: QueryCommandInput): AsyncGenerator<Record<string, unknown>> {
  let cursor: Record<string, unknown> | undefined = input.ExclusiveStartKey;
  do {
    const page = await db.send(new QueryCommand({ ...input, ExclusiveStartKey: cursor }));
    yield* page.Items ?? [];
    cursor = page.LastEvaluatedKey;
  } while (cursor);
}

export async function queryAll(db: DynamoDBDocumentClient, input: QueryCommandInput): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for await (const item of queryItems(db, input)) items.push(item);
  return items;
}
