import { randomUUID } from 'node:crypto';
import { ensureAccount, getAccount } from '#shared/db/account-store.js';
import { getSignInMailLedger, recordSignInMail, withdrawSignInMail } from '#shared/db/sign-in-mail-ledger-store.js';
import { getSignInToken } from '#shared/db/sign-in-token-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import { newAccount } from '#shared/model/accounts/account.js';
import { mailboxOf } from '#shared/model/accounts/email.js';
import { generateSignInToken, secretDigest } from '#shared/model/accounts/secret-format.js';
import { admitSignInMail, assessSignInMail, type SignInMailCap } from '#shared/model/accounts/sign-in-mail-cap.js';
import { isoNow } from '#shared/model/clock.js';
import type { Config } from '#shared/config.js';

export type SignInMailAdmission =
  /** The mailbox's short window is full; the links it holds still work. */
  | { kind: 'throttled' }
  /** The mailbox's day is full and its capping link is still usable. */
  | { kind: 'capped' }
  | {
      kind: 'admitted';
      /** The account's own address: a spelling of the mailbox never redirects its mail. */
      to: string;
      token: string;
      /** Epoch ms. */
      linkExpiresAt: number;
      capping: boolean;
      /** The mail could not be sent: take its place and its token back. */
      withdraw(): Promise<void>;
    };

const daySeconds = 86_400;
/** Each lost race is another worker's admission or withdrawal, and the short window admits only a few. */
const maxAttempts = 20;

export function signInMailCap(config: Config): SignInMailCap {
  return {
    perWindow: config.signInMailsPerWindowPerMailbox,
    perDay: config.signInMailsPerDayPerMailbox,
    windowMs: config.signInLinkValidityMinutes * 60_000,
    dayMs: daySeconds * 1000,
  };
}

/**
 * Decides whether the account of `address` is sent a sign-in link now (sign-in-mail-cap.ts), and if so
 * stores the link's token with the mailbox's ledger in one transaction. The account is found or created
 * first: the same work for every address.
 */
export async function admitSignInMailTo(
  address: string,
  deps: Pick<Dependencies, 'config' | 'table' | 'clock' | 'keyPepper'>,
): Promise<SignInMailAdmission> {
  const { table, config, clock } = deps;
  const mailbox = mailboxOf(address);
  const { accountId } = await ensureAccount(table, newAccount(randomUUID(), address, isoNow(clock)), mailbox);
  const account = await getAccount(table, accountId);
  if (!account) throw new Error(`Account ${accountId} vanished while sending its sign-in mail`);
  const token = generateSignInToken();
  const digest = secretDigest(token, await deps.keyPepper());
  const cap = signInMailCap(config);

  for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
    const now = clock.now();
    const ledger = await getSignInMailLedger(table, mailbox);
    const assessment = assessSignInMail(ledger.sent, now, cap);
    if (assessment.kind === 'throttled') return { kind: 'throttled' };
    if (assessment.kind === 'at_cap' && ledger.capDigest && (await getSignInToken(table, ledger.capDigest, Math.floor(now / 1000)))) {
      return { kind: 'capped' };
    }
    const admission = admitSignInMail(ledger.sent, now, cap);
    const recorded = await recordSignInMail(table, mailbox, ledger, {
      sent: admission.sent,
      capping: admission.capping,
      retentionSeconds: daySeconds,
      token: { digest, accountId, expiresAt: Math.floor(admission.linkExpiresAt / 1000) },
    });
    if (!recorded) continue;
    return {
      kind: 'admitted',
      to: account.email,
      token,
      linkExpiresAt: admission.linkExpiresAt,
      capping: admission.capping,
      withdraw: () => withdrawSignInMail(table, mailbox, { at: now, digest, retentionSeconds: daySeconds }),
    };
  }
  throw new Error('The sign-in mail ledger kept changing; the job is retried');
}
