/**
 * How many sign-in mails one mailbox is sent (docs/decisions/007-sign-in-mail-caps.md). Two promises:
 * a mailbox gets a bounded number of unused links a day, and whoever asks for links to it cannot keep
 * its owner out for longer than a link's validity. Both hold because every refusal leaves a link that
 * still works in the mailbox:
 * - at most `perWindow` mails per `window`, and the window is the link validity: when it is full, each
 *   mail that filled it was sent less than a validity ago, so its link still works;
 * - at most `perDay` mails per rolling day: the mail that reaches it (the "capping" mail) carries a
 *   link that works until the day has room again, plus a validity; while the day is full nothing else
 *   is sent, unless that link is no longer usable (its owner used it, or it was never delivered), and
 *   then one more capping mail is sent. A stranger cannot use a link, so the mails a stranger can
 *   cause stay at `perDay` a day.
 */
export interface SignInMailCap {
  perWindow: number;
  perDay: number;
  /** The short window, and how long an ordinary link works. */
  windowMs: number;
  dayMs: number;
}

export type MailAssessment =
  /** The short window is full: the links it holds still work. */
  | { kind: 'throttled' }
  /** The day is full: send only if the capping link is no longer usable. */
  | { kind: 'at_cap' }
  | { kind: 'open' };

export interface MailAdmission {
  /** The stamps (epoch ms) to store: those still inside the day, and this mail's. */
  sent: number[];
  /** Epoch ms until which this mail's link works. */
  linkExpiresAt: number;
  /** This mail reached the daily cap: its link is the capping link. */
  capping: boolean;
}

const within = (sent: readonly number[], now: number, spanMs: number) => sent.filter((at) => at > now - spanMs);

/**
 * Stamps come from workers whose clocks differ; a stamp in this worker's future still counts. Each new
 * stamp is admitted only while fewer than the limit lie after `now - span` in stamp time, so any span
 * of stamps holds at most the limit, whatever the clocks (as in rate-window.ts).
 */
export function assessSignInMail(sent: readonly number[], now: number, cap: SignInMailCap): MailAssessment {
  if (within(sent, now, cap.windowMs).length >= cap.perWindow) return { kind: 'throttled' };
  if (within(sent, now, cap.dayMs).length >= cap.perDay) return { kind: 'at_cap' };
  return { kind: 'open' };
}

/**
 * Records a mail sent at `now` and says how long its link works. Stamps are kept a short window longer than
 * the day: a worker whose clock runs ahead would otherwise drop a stamp that a worker running behind still
 * counts in its day, and a rolling day of stamps could hold one mail more than the cap.
 */
export function admitSignInMail(sent: readonly number[], now: number, cap: SignInMailCap): MailAdmission {
  const kept = [...within(sent, now, cap.dayMs + cap.windowMs), now].sort((a, b) => a - b);
  const inDay = within(kept, now, cap.dayMs);
  const capping = inDay.length >= cap.perDay;
  if (!capping) return { sent: kept, linkExpiresAt: now + cap.windowMs, capping };
  // The day has room again once the stamp `perDay` places from the newest leaves it.
  const roomAt = inDay[inDay.length - cap.perDay]! + cap.dayMs;
  return { sent: kept, linkExpiresAt: Math.max(now, roomAt) + cap.windowMs, capping };
}
