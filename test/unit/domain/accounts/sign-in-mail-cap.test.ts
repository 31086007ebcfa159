import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { admitSignInMail, assessSignInMail, type SignInMailCap } from '#shared/model/accounts/sign-in-mail-cap.js';
import { signInMail } from '#shared/model/mail/sign-in-mail.js';

const minute = 60_000;
const day = 1_440 * minute;
const cap: SignInMailCap = { perWindow: 3, perDay: 20, windowMs: 15 * minute, dayMs: day };

interface Link {
  expiresAt: number;
  used: boolean;
}

/** The worker's decision over an in-memory ledger and token table, as sign-in-mail-admission.ts makes it. */
function mailbox() {
  let sent: number[] = [];
  let capLink: Link | null = null;
  const inbox: Link[] = [];
  const stamps: number[] = [];
  return {
    inbox,
    stamps,
    wouldSend(now: number): boolean {
      const assessment = assessSignInMail(sent, now, cap);
      if (assessment.kind === 'throttled') return false;
      return !(assessment.kind === 'at_cap' && capLink && !capLink.used && capLink.expiresAt > now);
    },
    request(now: number): boolean {
      if (!this.wouldSend(now)) return false;
      const admission = admitSignInMail(sent, now, cap);
      const link = { expiresAt: admission.linkExpiresAt, used: false };
      sent = admission.sent;
      capLink = admission.capping ? link : capLink;
      inbox.push(link);
      stamps.push(now);
      return true;
    },
    usableLink(now: number): Link | undefined {
      return inbox.find((link) => !link.used && link.expiresAt > now);
    },
  };
}

const maxInSpan = (stamps: number[], span: number) => {
  const sorted = [...stamps].sort((a, b) => a - b);
  let most = 0;
  for (let start = 0, end = 0; end < sorted.length; end += 1) {
    while (sorted[end]! - sorted[start]! >= span) start += 1;
    most = Math.max(most, end - start + 1);
  }
  return most;
};

describe('sign-in mail caps', () => {
  it('sends 3 in 15 minutes, then refuses until the first of them is 15 minutes old', () => {
    const box = mailbox();
    expect([0, 1, 2, 3].map((index) => box.request(index * minute))).toEqual([true, true, true, false]);
    expect(box.request(15 * minute - 1)).toBe(false);
    expect(box.request(15 * minute)).toBe(true);
  });

  it('makes the 20th mail of a day the capping one: its link works until the day has room again, plus 15 minutes', () => {
    const box = mailbox();
    for (let index = 0; index < 20; index += 1) expect(box.request(index * 5 * minute + 1)).toBe(true);
    const capping = box.inbox[19]!;
    expect(box.inbox[18]!.expiresAt).toBe(18 * 5 * minute + 1 + 15 * minute);
    // The first mail (at 1 ms) leaves the day at 24 h + 1 ms.
    expect(capping.expiresAt).toBe(day + 1 + 15 * minute);
    expect(box.request(100 * minute + 1)).toBe(false);
    expect(box.request(day)).toBe(false);
    expect(box.request(day + 1)).toBe(true);
  });

  it('sends one more capping mail once the capping link has been used, and only one', () => {
    const box = mailbox();
    for (let index = 0; index < 20; index += 1) box.request(index * 5 * minute);
    expect(box.request(3 * 60 * minute)).toBe(false);
    box.inbox[19]!.used = true;
    expect(box.request(3 * 60 * minute)).toBe(true);
    expect(box.request(3 * 60 * minute + 1)).toBe(false);
    // The day now holds 21 mails: it has room again once the second one leaves it.
    expect(box.inbox[20]!.expiresAt).toBe(day + 5 * minute + 15 * minute);
  });

  it('counts stamps from a clock ahead of this one', () => {
    const stamps = [10 * minute, 10 * minute, 10 * minute];
    expect(assessSignInMail(stamps, 5 * minute, cap)).toEqual({ kind: 'throttled' });
  });

  const events = fc.array(
    fc.record({
      at: fc.integer({ min: 0, max: 3 * day }),
      who: fc.constantFrom('stranger', 'stranger', 'stranger', 'owner-asks', 'owner-uses'),
    }),
    // Dense enough (about 130 a day) that strangers fill both windows again and again.
    { minLength: 100, maxLength: 400, size: 'max' },
  );

  it('whatever strangers ask: the owner can always sign in, or used a link in the last 15 minutes', () => {
    fc.assert(
      fc.property(events, (list) => {
        const box = mailbox();
        let lastUse = -Infinity;
        for (const event of [...list].sort((a, b) => a.at - b.at)) {
          if (event.who === 'owner-uses') {
            const link = box.usableLink(event.at);
            if (link) {
              link.used = true;
              lastUse = event.at;
            }
          } else {
            box.request(event.at);
          }
          const canSignIn = box.wouldSend(event.at) || box.usableLink(event.at) !== undefined;
          expect(canSignIn || event.at - lastUse < cap.windowMs).toBe(true);
        }
      }),
      // A failure is reported as found: shrinking hundreds of events and skews can outlast the whole test run.
      { numRuns: 100, endOnFailure: true },
    );
  });

  const strangersWithSkewedClocks = fc.property(
    events,
    fc.array(fc.integer({ min: -minute, max: minute }), { minLength: 400, maxLength: 400 }),
    (list, skews) => {
      const box = mailbox();
      [...list].sort((a, b) => a.at - b.at).forEach((event, index) => box.request(event.at + skews[index]!));
      expect(maxInSpan(box.stamps, cap.windowMs)).toBeLessThanOrEqual(3);
      expect(maxInSpan(box.stamps, day)).toBeLessThanOrEqual(20);
    },
  );

  it("strangers alone cause at most 3 mails in any 15 minutes and 20 in any day, whatever the workers' clocks", () => {
    // A failure is reported as found: shrinking hundreds of events and skews can outlast the whole test run.
    fc.assert(strangersWithSkewedClocks, { numRuns: 100, endOnFailure: true });
  });

  it('holds on the case that once let a rolling day hold 21 mails', () => {
    // Found by the property above: a worker whose clock ran ahead dropped the day's oldest stamp and, with an
    // ordinary mail, the capping link, so a worker running behind saw a full day with no link closing it.
    fc.assert(strangersWithSkewedClocks, { seed: 2073330230, path: '4458', endOnFailure: true });
  });
});

describe('the capping mail', () => {
  it('says until when its link works and that no other is sent before then, in both bodies', () => {
    const mail = signInMail({
      link: 'https://x.example/api/v1/auth/verify?token=t',
      expiresInMinutes: 15,
      sessionHours: 12,
      lastLinkUntil: '2026-11-26T20:15:00.000Z',
    });
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('keeps working until 2026-11-26 20:15 UTC');
      expect(body).toContain('no other link is sent before then unless this one has been used');
      expect(body).not.toContain('valid for 15 minutes');
    }
    expect(signInMail({ link: 'https://x.example/', expiresInMinutes: 15, sessionHours: 12 }).text).toContain('valid for 15 minutes');
  });
});
