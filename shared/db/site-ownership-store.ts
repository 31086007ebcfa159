import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite } from '#shared/db/conditional-write.js';
import { watchedSiteKey } from '#shared/db/watched-site-keys.js';
import type { Table } from '#shared/db/table.js';
import type { OwnershipCheck } from '#shared/model/sites/site-ownership.js';
import type { SealedCredential } from '#shared/model/sites/watched-site.js';

/**
 * The site's ownership token: the one it has, or `candidate` written in the same request when it has none, so
 * concurrent first requests all get one token. Null when the site does not exist. The site's version is not
 * raised: the token and the check are written whole and no other field is computed from them.
 */
export async function ensureOwnershipToken(table: Table, accountId: string, siteId: string, candidate: string): Promise<string | null> {
  try {
    const { Attributes } = await table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: watchedSiteKey(accountId, siteId),
        UpdateExpression: 'SET ownershipToken = if_not_exists(ownershipToken, :token)',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':token': candidate },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes!.ownershipToken as string;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return null;
    throw error;
  }
}

/** Stores a check made with the site's token; false when the site was deleted meanwhile (nothing is written). */
export function recordOwnershipCheck(
  table: Table,
  site: { accountId: string; id: string; ownershipToken: string },
  check: OwnershipCheck,
): Promise<boolean> {
  return conditionalWrite(
    table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: watchedSiteKey(site.accountId, site.id),
        UpdateExpression: 'SET ownership = :check',
        ConditionExpression: 'ownershipToken = :token',
        ExpressionAttributeValues: { ':check': check, ':token': site.ownershipToken },
      }),
    ),
  );
}

/** Stores the site's sealed ACP credential, or removes it (null); false when the site is gone. */
export function setAcpCredential(
  table: Table,
  site: { accountId: string; id: string },
  credential: SealedCredential | null,
): Promise<boolean> {
  return conditionalWrite(
    table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: watchedSiteKey(site.accountId, site.id),
        UpdateExpression: credential ? 'SET acpCredential = :credential' : 'REMOVE acpCredential',
        ConditionExpression: 'attribute_exists(pk)',
        ...(credential ? { ExpressionAttributeValues: { ':credential': credential } } : {}),
      }),
    ),
  );
}

/** Whether each weekly rescan of the site drives a checkout (while it stays proven); false when the site is gone. */
export function setWeeklyCheckoutDrive(table: Table, site: { accountId: string; id: string }, weekly: boolean): Promise<boolean> {
  return conditionalWrite(
    table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: watchedSiteKey(site.accountId, site.id),
        UpdateExpression: 'SET weeklyCheckoutDrive = :weekly',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':weekly': weekly },
      }),
    ),
  );
}
