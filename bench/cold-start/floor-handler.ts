/**
 * The floor of the cold-start figures: the least a function of this service does at import. It builds
 * the DynamoDB document client, wraps itself in middy and validates with zod, like every API function.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { z } from 'zod';

const db = DynamoDBDocumentClient.from(new DynamoDBClient({}));
const Body = z.object({ id: z.string().min(1) });

export const handler = middy(async (event: APIGatewayProxyEventV2) => {
  const { id } = Body.parse(JSON.parse(event.body ?? '{}'));
  const { Item } = await db.send(new GetCommand({ TableName: process.env.TABLE_NAME ?? 'readiness', Key: { pk: id, sk: id } }));
  return { statusCode: 200, body: JSON.stringify(Item ?? null) };
});
