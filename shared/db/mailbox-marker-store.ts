import { PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite } from '#shared/db/conditional-write.js';
import type { ItemKey, Table } from '#shared/db/table.js';

/**
 * Uniqueness marker: one account per mailbox (email.ts `mailboxOf`). Accounts made before mailboxes
 * also have the marker of their exact normalised address, which is looked up first.
 */
export const emailMarkerKey = (mailboxOrAddress: string): ItemKey => ({ pk: `EMAIL#${mailboxOrAddress}`, sk: 'EMAIL' });

const markerPrefix = emailMarkerKey('').pk;

/** The marker giving a mailbox (or, for accounts made before mailboxes, an exact address) its account. */
export function emailMarkerItem(mailboxOrAddress: string, accountId: string) {
  return { ...emailMarkerKey(mailboxOrAddress), type: 'EmailMarker', accountId };
}

/** Points a mailbox at an account unless the mailbox already has one; true when it did. */
export function claimMailboxMarker(table: Table, mailbox: string, accountId: string): Promise<boolean> {
  return conditionalWrite(
    table.client.send(
      new PutCommand({ TableName: table.name, Item: emailMarkerItem(mailbox, accountId), ConditionExpression: 'attribute_not_exists(pk)' }),
    ),
  );
}

/**
 * Every e-mail marker, as (address or mailbox, account). A Scan of the whole table: for the one-off
 * migration tool (bin/claim-mailboxes.ts) only, never on an API path.
 */
export async function* allEmailMarkers(table: Table): AsyncGenerator<{ address: string; accountId: string }> {
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await table.client.send(
      new ScanCommand({
        TableName: table.name,
        FilterExpression: '#type = :marker',
        ProjectionExpression: 'pk, accountId',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':marker': 'EmailMarker' },
        ExclusiveStartKey: cursor,
      }),
    );
    for (const item of page.Items ?? [])
      yield { address: (item.pk as string).slice(markerPrefix.length), accountId: item.accountId as string };
    cursor = page.LastEvaluatedKey;
  } while (cursor);
}
