import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

/**
 * Writes the items as one transaction. Returns null when it committed; when DynamoDB cancelled it,
 * why each item failed, by position ('ConditionalCheckFailed', 'TransactionConflict', 'None', ...).
 * Any other error is thrown.
 */
export async function writeTransaction(db: DynamoDBDocumentClient, items: TransactItem[]): Promise<string[] | null> {
  try {
    await db.send(new TransactWriteCommand({ TransactItems: items }));
    return null;
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    return (error.CancellationReasons ?? []).map((reason) => reason.Code ?? 'None');
  }
}
