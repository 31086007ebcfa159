import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { deleteSignInTokenItem, putSignInTokenItem, type StoredSignInToken } from '#shared/db/sign-in-token-store.js';
import { writeTransaction, type TransactItem } from '#shared/db/transactions.js';
import type { ItemKey, Table } from '#shared/db/table.js';

/** The sign-in mails one mailbox was sent in the last day, and its capping link (sign-in-mail-cap.ts). */
export const signInMailLedgerKey = (mailbox: string): ItemKey => ({ pk: `SIGNINMAILS#${mailbox}`, sk: 'SIGNINMAILS' });
/** Marks a sign-in mail job as done, so a redelivered queue message sends nothing twice. */
export const signInMailJobKey = (jobId: string): ItemKey => ({ pk: `SIGNINMAIL#${jobId}`, sk: 'SIGNINMAIL' });

/**
 * One item per mailbox: the times (epoch ms) of the sign-in mails it was sent within the last day and
 * the digest of its capping link (sign-in-mail-cap.ts). Changed only by a write conditional on the
 * version that was read, in one transaction with the token of the mail it admits: racing workers
 * cannot both take the last place, and a capping link is recorded only together with its token.
 */
export interface SignInMailLedger {
  sent: number[];
  capDigest: string | null;
  /** 0: no item. */
  version: number;
}

export async function getSignInMailLedger(table: Table, mailbox: string): Promise<SignInMailLedger> {
  const { Item } = await table.client.send(
    new GetCommand({ TableName: table.name, Key: signInMailLedgerKey(mailbox), ConsistentRead: true }),
  );
  if (!Item) return { sent: [], capDigest: null, version: 0 };
  return {
    sent: (Item.sent as number[] | undefined) ?? [],
    capDigest: (Item.capDigest as string | undefined) ?? null,
    version: Item.version as number,
  };
}

function ledgerWrite(
  table: Table,
  mailbox: string,
  read: SignInMailLedger,
  next: { sent: number[]; capDigest: string | null; retentionSeconds: number },
): TransactItem {
  const newest = next.sent.length > 0 ? Math.max(...next.sent) : 0;
  return {
    Put: {
      TableName: table.name,
      Item: {
        ...signInMailLedgerKey(mailbox),
        type: 'SignInMailLedger',
        sent: next.sent,
        ...(next.capDigest === null ? {} : { capDigest: next.capDigest }),
        version: read.version + 1,
        // Kept while its newest stamp still counts; the capping link never outlives the day it closes.
        expiresAt: Math.ceil(newest / 1000) + next.retentionSeconds,
      },
      ...(read.version === 0
        ? { ConditionExpression: 'attribute_not_exists(pk)' }
        : { ConditionExpression: 'version = :version', ExpressionAttributeValues: { ':version': read.version } }),
    },
  };
}

/**
 * Stores the ledger admitting one more mail together with that mail's token. False when the ledger
 * changed since `read` (another worker admitted or withdrew a mail): read it again and decide again.
 */
export async function recordSignInMail(
  table: Table,
  mailbox: string,
  read: SignInMailLedger,
  next: { sent: number[]; capping: boolean; retentionSeconds: number; token: StoredSignInToken & { digest: string } },
): Promise<boolean> {
  const { digest, ...token } = next.token;
  const failed = await writeTransaction(table.client, [
    ledgerWrite(table, mailbox, read, {
      sent: next.sent,
      // An ordinary mail leaves the capping link in place: a worker whose clock runs behind may still count
      // the day as full, and must still find the link that closed it.
      capDigest: next.capping ? digest : read.capDigest,
      retentionSeconds: next.retentionSeconds,
    }),
    putSignInTokenItem(table, digest, token),
  ]);
  if (!failed) return true;
  if (failed[0] === 'ConditionalCheckFailed') return false;
  throw new Error(`Could not store the sign-in token (${failed.join(', ')})`);
}

const withdrawAttempts = 10;

/**
 * Takes back a mail that could not be sent: its stamp leaves the ledger (it reached nobody) and its
 * token is deleted, so a capping link that never arrived does not keep the day closed.
 */
export async function withdrawSignInMail(
  table: Table,
  mailbox: string,
  mail: { at: number; digest: string; retentionSeconds: number },
): Promise<void> {
  for (let attempt = 0; attempt < withdrawAttempts; attempt += 1) {
    const read = await getSignInMailLedger(table, mailbox);
    const index = read.sent.indexOf(mail.at);
    if (index < 0 && read.capDigest !== mail.digest) {
      await writeTransaction(table.client, [deleteSignInTokenItem(table, mail.digest)]);
      return;
    }
    const sent = read.sent.filter((_, position) => position !== index);
    const capDigest = read.capDigest === mail.digest ? null : read.capDigest;
    const failed = await writeTransaction(table.client, [
      ledgerWrite(table, mailbox, read, { sent, capDigest, retentionSeconds: mail.retentionSeconds }),
      deleteSignInTokenItem(table, mail.digest),
    ]);
    if (!failed) return;
  }
  throw new Error('The sign-in mail ledger kept changing while a mail was withdrawn');
}
