/**
 * One account per address: addresses are compared trimmed, NFC-normalised and lower-cased. Lower-casing
 * the local part is what practically every mail provider does, and it stops "Ann@" and "ann@" becoming
 * two accounts.
 */
export function normalizeEmail(raw: string): string {
  return raw.trim().normalize('NFC').toLowerCase();
}

interface MailboxRule {
  /** The provider delivers `a.lice@` to `alice@`. */
  ignoresDots: boolean;
  /** The provider delivers `alice+anything@` to `alice@`. */
  ignoresPlusTag: boolean;
  /** The domain every domain of the provider's group is written as (only where they are one mailbox). */
  domain?: string;
}

const gmail: MailboxRule = { ignoresDots: true, ignoresPlusTag: true, domain: 'gmail.com' };
const plusOnly: MailboxRule = { ignoresDots: false, ignoresPlusTag: true };

/**
 * Providers whose documented delivery rules map several spellings to one mailbox
 * (docs/decisions/008-one-account-per-mailbox.md gives each rule's source and what is left out, and why).
 */
export const mailboxRules: Readonly<Record<string, MailboxRule>> = {
  'gmail.com': gmail,
  'googlemail.com': gmail,
  'outlook.com': plusOnly,
  'hotmail.com': plusOnly,
  'live.com': plusOnly,
  'msn.com': plusOnly,
  'icloud.com': plusOnly,
  'me.com': plusOnly,
  'mac.com': plusOnly,
  'fastmail.com': plusOnly,
  'fastmail.fm': plusOnly,
  'proton.me': plusOnly,
  'protonmail.com': plusOnly,
  'protonmail.ch': plusOnly,
  'pm.me': plusOnly,
};

/**
 * The mailbox a normalised address delivers to: at the providers of `mailboxRules`, the `+tag` and (at
 * Gmail) the dots are dropped and googlemail.com is gmail.com; any other address is its own mailbox.
 * The service keeps one account per mailbox, so `a.lice+1@gmail.com` reaches the account of `alice@gmail.com`.
 */
export function mailboxOf(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  const domain = address.slice(at + 1);
  const rule = mailboxRules[domain];
  if (!rule) return address;
  let local = address.slice(0, at);
  if (rule.ignoresPlusTag) {
    const plus = local.indexOf('+');
    // A local part that starts with "+" has no mailbox name to keep: leave it as it is.
    if (plus > 0) local = local.slice(0, plus);
  }
  if (rule.ignoresDots) {
    const withoutDots = local.replaceAll('.', '');
    if (withoutDots !== '') local = withoutDots;
  }
  return `${local}@${rule.domain ?? domain}`;
}
