import { PutCommand, ScanCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite } from '#shared/db/conditional-write.js';
import { keys } from '#shared/db/keys.js';

const markerPrefix = keys.emailMarker('').pk;

/** The marker giving a mailbox (or, for accounts made before mailboxes, an exact address) its account. */
export function emailMarkerItem(mailboxOrAddress: string, accountId: string) {
  return { ...keys.emailMarker(mailboxOrAddress), type: 'EmailMarker', accountId };
}

/** Points a mailbox at an account unless the mailbox already has one; true when it did. */
export function claimMailboxMarker(db: DynamoDBDocumentClient, tableName: string, mailbox: string, accountId: string): Promise<boolean> {
  return conditionalWrite(
    db.send(
      new PutCommand({ TableName: tableName, Item: emailMarkerItem(mailbox, accountId), ConditionExpression: 'attribute_not_exists(pk)' }),
    ),
  );
}

/**
 * Every e-mail marker, as (address or mailbox, account). A Scan of the whole table: for the one-off
 * migration tool (bin/claim-mailboxes.ts) only, never on an API path.
 */
export async function* allEmailMarkers(
  db: DynamoDBDocumentClient,
  tableName: string,
): AsyncGenerator<{ address: string; accountId: string }> {
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new ScanCommand({
        TableName: tableName,
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
