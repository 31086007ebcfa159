import { describe, expect, it } from 'vitest';
import { signInMail } from '#shared/model/mail/sign-in-mail.js';

const link = 'https://api.example.com/api/v1/auth/verify?token=abc123&x=1';
const base = { link, expiresInMinutes: 15, sessionHours: 12 };

describe('signInMail', () => {
  it('puts the link and the validity in both bodies', () => {
    const mail = signInMail(base);
    expect(mail.subject).toContain('Agent Readiness Scanner');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain('https://api.example.com/api/v1/auth/verify?token=abc123&amp;x=1');
    expect(mail.html).toContain('href="https://api.example.com/api/v1/auth/verify?token=abc123&amp;x=1"');
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('15 minutes');
      expect(body).toContain('works once');
      expect(body).toContain('Finish signing in');
      expect(body).toContain('every scope');
      expect(body).toContain('If you did not ask for this, ignore this e-mail');
    }
  });

  it('says that signing in never revokes a key, and opens the dashboard at the key limit', () => {
    const mail = signInMail(base);
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('Signing in never revokes a key.');
      expect(body).toContain('opens your dashboard for 12 hours instead');
    }
    // The same words for every account: the mail tells a reader nothing about its keys.
    expect(signInMail({ ...base, link: 'https://x.example/a' }).text.replace('https://x.example/a', link)).toBe(mail.text);
  });
});
