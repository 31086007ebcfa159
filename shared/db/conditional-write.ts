import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';

/** A write guarded by a condition: true when it happened, false when its condition did not hold. */
export async function conditionalWrite(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
