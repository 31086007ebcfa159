import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';

export type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

/**
 * Why each item of a cancelled transaction failed, by position: 'ConditionalCheckFailed',
 * 'TransactionConflict', 'None', ... Empty when the error is not a cancelled transaction.
 */
export function cancellationCodes(error: unknown): string[] {
  if (!(error instanceof TransactionCanceledException)) return [];
  return (error.CancellationReasons ?? []).map((reason) => reason.Code ?? 'None');
}
