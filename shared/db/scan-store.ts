import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet } from '#shared/db/batch-get.js';
import { adjustAccountCounter } from '#shared/db/account-counters.js';
import { ownerIndexPage, type PageRequest } from '#shared/db/owner-index-pages.js';
import { writeTransaction, type TransactItem } from '#shared/db/transactions.js';
import type { ScanResult } from '#shared/model/scans/scan-result.js';
import type { ItemKey, Table } from '#shared/db/table.js';

export const scanKey = (id: string): ItemKey => ({ pk: `SCAN#${id}`, sk: 'SCAN' });
/** GSI1: an account's scans, newest first. */
export const scansByOwner = (accountId: string) => ({ gsi1pk: `ACCOUNT#${accountId}#SCANS` });
export const scanOwnerSort = (createdAt: string, id: string) => ({ gsi1sk: `${createdAt}#${id}` });

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
 * A result is stored once, gzipped: a scan with five pages, snippets and evidence is tens of kilobytes
 * of JSON, and DynamoDB items stop at 400 KB. `expiresAt` (epoch seconds) lets TTL remove public results.
 */
async function scanItem(result: ScanResult, ownerId: string | null): Promise<Record<string, unknown>> {
  const item: Record<string, unknown> = {
    ...scanKey(result.id),
    type: 'Scan',
    url: result.url,
    score: result.score,
    createdAt: result.createdAt,
    result: await zip(JSON.stringify(result)),
  };
  if (result.expiresAt) item.expiresAt = Math.floor(Date.parse(result.expiresAt) / 1000);
  if (ownerId) Object.assign(item, { ownerId }, scansByOwner(ownerId), scanOwnerSort(result.createdAt, result.id));
  return item;
}

async function readResult(item: Record<string, unknown>): Promise<ScanResult> {
  const stored = JSON.parse((await unzip((item as unknown as ScanItem).result)).toString('utf8')) as ScanResult;
  // Results stored before the inventory, the assistants' verdicts or their access by role existed answer with empty lists.
  const assistants = (stored.assistants ?? []).map((assistant) => ({ ...assistant, access: assistant.access ?? [] }));
  return { ...stored, signals: stored.signals ?? [], assistants };
}

/** A public (unowned) result. */
export async function putScan(table: Table, result: ScanResult): Promise<void> {
  await table.client.send(
    new PutCommand({ TableName: table.name, Item: await scanItem(result, null), ConditionExpression: 'attribute_not_exists(pk)' }),
  );
}

/** An account's result and its account's scan count, as transaction items (a batch item adds its own mark). */
export async function ownedScanWrites(table: Table, result: ScanResult, ownerId: string): Promise<TransactItem[]> {
  return [
    { Put: { TableName: table.name, Item: await scanItem(result, ownerId), ConditionExpression: 'attribute_not_exists(pk)' } },
    adjustAccountCounter(table, ownerId, 'scanCount', 1),
  ];
}

/** An account's result, written with its account's scan count so the listing's `total` is exact. */
export async function putOwnedScan(table: Table, result: ScanResult, ownerId: string): Promise<void> {
  const codes = await writeTransaction(table.client, await ownedScanWrites(table, result, ownerId));
  if (codes) throw new Error(`Storing scan ${result.id} was cancelled: ${codes.join(', ')}`);
}

/** Past its expiry: TTL deletes lazily, so a read checks expiry too. */
function expired(item: ScanItem, now: number): boolean {
  return item.expiresAt !== undefined && item.expiresAt * 1000 <= now;
}

/** The scan, or null when unknown or past its expiry. */
export async function getScan(table: Table, id: string, now: number): Promise<StoredScan | null> {
  const { Item } = await table.client.send(new GetCommand({ TableName: table.name, Key: scanKey(id) }));
  if (!Item) return null;
  const item = Item as ScanItem;
  if (expired(item, now)) return null;
  return { result: await readResult(Item), ownerId: item.ownerId ?? null };
}

/** The given scans that `ownerId` owns and that have not expired, by id; others are left out. */
export async function getOwnedScans(table: Table, ownerId: string, ids: readonly string[], now: number): Promise<Map<string, ScanResult>> {
  const items = ids.length === 0 ? [] : await batchGet(table, [...new Set(ids)].map(scanKey));
  const owned = items.filter((item) => {
    const scan = item as unknown as ScanItem;
    return scan.ownerId === ownerId && !expired(scan, now);
  });
  const results = await Promise.all(owned.map(readResult));
  return new Map(results.map((result) => [result.id, result]));
}

/**
 * A page of an owner's results, newest first, and at most `maxJsonBytes` of them as JSON: a Lambda
 * response stops at 6 MB, so a page of large results ends early, with the cursor after its last one.
 */
export async function listOwnedScans(
  table: Table,
  ownerId: string,
  page: PageRequest & { maxJsonBytes: number },
): Promise<{ scans: ScanResult[]; nextCursor: string | null }> {
  const { keys: wanted, cursorsAfter, nextCursor } = await ownerIndexPage(table, scansByOwner(ownerId).gsi1pk, page);
  const scans = wanted.length === 0 ? [] : await Promise.all((await batchGet(table, wanted)).map(readResult));
  let bytes = 0;
  for (let index = 0; index < scans.length; index += 1) {
    bytes += Buffer.byteLength(JSON.stringify(scans[index]), 'utf8') + 1;
    if (bytes > page.maxJsonBytes && index > 0) return { scans: scans.slice(0, index), nextCursor: cursorsAfter[index - 1]! };
  }
  return { scans, nextCursor };
}
