import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from '#shared/db/keys.js';
import type { ScanResult } from '#shared/scanner/engine.js';

const zip = promisify(gzip);
const unzip = promisify(gunzip);

interface ScanItem {
  result: Uint8Array;
  ownerId?: string;
  expiresAt?: number;
}

export interface StoredScan {
  result: ScanResult;
  ownerId: string | null;
}

/**
 * Stores a result once, gzipped: a scan with five pages, snippets and evidence is tens of kilobytes
 * of JSON, and DynamoDB items stop at 400 KB. `expiresAt` (epoch seconds) lets TTL remove public results.
 */
export async function putScan(db: DynamoDBDocumentClient, tableName: string, result: ScanResult, ownerId: string | null): Promise<void> {
  const item: Record<string, unknown> = {
    ...keys.scan(result.id),
    type: 'Scan',
    url: result.url,
    score: result.score,
    createdAt: result.createdAt,
    result: await zip(JSON.stringify(result)),
  };
  if (result.expiresAt) item.expiresAt = Math.floor(Date.parse(result.expiresAt) / 1000);
  if (ownerId) Object.assign(item, { ownerId }, keys.scansByOwner(ownerId), keys.scanOwnerSort(result.createdAt, result.id));
  await db.send(new PutCommand({ TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
}

/** The scan, or null when unknown or past its expiry (TTL deletes lazily, so expiry is checked here too). */
export async function getScan(db: DynamoDBDocumentClient, tableName: string, id: string, now: number): Promise<StoredScan | null> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.scan(id) }));
  if (!Item) return null;
  const item = Item as ScanItem;
  if (item.expiresAt !== undefined && item.expiresAt * 1000 <= now) return null;
  const result = JSON.parse((await unzip(item.result)).toString('utf8')) as ScanResult;
  return { result, ownerId: item.ownerId ?? null };
}
