import { invalidInput } from '#shared/model/errors.js';
import type { ItemKey, Table } from '#shared/db/table.js';
import { queryItems } from '#shared/db/query-pages.js';

export interface PageRequest {
  limit: number;
  offset: number;
  /** Where the previous page ended (its `nextCursor`); instead of `offset`. */
  cursor?: string | undefined;
}

export interface KeyPage {
  keys: ItemKey[];
  /** The cursor that continues after each key of the page (opaque), for a caller that keeps fewer. */
  cursorsAfter: string[];
  /** Opaque; null on the last page. */
  nextCursor: string | null;
}

interface IndexPosition {
  pk: string;
  sk: string;
  gsi1sk: string;
}

const maxPartLength = 1_024;

function encodeCursor(position: IndexPosition): string {
  return Buffer.from(JSON.stringify([position.pk, position.sk, position.gsi1sk]), 'utf8').toString('base64url');
}

/**
 * A cursor names a position inside the caller's own index partition (the partition key is always the
 * caller's), so a forged one can only move the start of the caller's own listing; it is still checked
 * to be one we could have made.
 */
function decodeCursor(cursor: string): IndexPosition {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parts = undefined;
  }
  const valid =
    Array.isArray(parts) &&
    parts.length === 3 &&
    parts.every((part) => typeof part === 'string' && part.length > 0 && part.length <= maxPartLength);
  if (!valid || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalidInput('cursor: not a cursor this API returned');
  const [pk, sk, gsi1sk] = parts as string[];
  return { pk: pk!, sk: sk!, gsi1sk: gsi1sk! };
}

/**
 * One page of an owner's items on GSI1, newest first: keys only (the index projects nothing else),
 * read past `offset` or from `cursor`, one item more than the page to know whether another follows.
 */
export async function ownerIndexPage(table: Table, gsi1pk: string, page: PageRequest): Promise<KeyPage> {
  const start = page.cursor === undefined ? undefined : decodeCursor(page.cursor);
  const items = queryItems(table.client, {
    TableName: table.name,
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :owner',
    ExpressionAttributeValues: { ':owner': gsi1pk },
    ProjectionExpression: 'pk, sk, gsi1sk',
    ScanIndexForward: false,
    ...(start ? { ExclusiveStartKey: { gsi1pk, ...start } } : {}),
  });
  const found: IndexPosition[] = [];
  let skipped = 0;
  for await (const item of items) {
    if (skipped < page.offset) {
      skipped += 1;
      continue;
    }
    found.push({ pk: item.pk as string, sk: item.sk as string, gsi1sk: item.gsi1sk as string });
    if (found.length > page.limit) break;
  }
  const more = found.length > page.limit;
  const onPage = found.slice(0, page.limit);
  const cursorsAfter = onPage.map(encodeCursor);
  return { keys: onPage.map(({ pk, sk }) => ({ pk, sk })), cursorsAfter, nextCursor: more ? cursorsAfter.at(-1)! : null };
}
