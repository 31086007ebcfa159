import { describe, expect, it } from 'vitest';
import { signInMail } from '#shared/domain/mail/sign-in-mail.js';

const link = 'https://api.example.com/api/v1/auth/verify?token=abc123&x=1';
const base = { link, expiresInMinutes: 15, keyLimit: 1, replacesKey: null };

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
      expect(body).toContain('Create my API key');
      expect(body).toContain('every scope');
      expect(body).toContain('If you did not ask for this, ignore this e-mail');
    }
  });

  it('says nothing about revoking a key when none is replaced', () => {
    const mail = signInMail(base);
    expect(mail.text).not.toContain('revoke');
    expect(mail.html).not.toContain('revoke');
  });

  it('names the key it will revoke when the plan is at its key limit', () => {
    const mail = signInMail({ ...base, keyLimit: 5, replacesKey: { label: 'CI', keyPrefix: 'ars_ab12' } });
    expect(mail.text).toContain('Your plan allows 5 keys, so signing in will revoke your oldest key "CI" (ars_ab12).');
    expect(mail.html).toContain('revoke your oldest key &quot;CI&quot; (ars_ab12)');
    expect(signInMail({ ...base, replacesKey: { label: 'CI', keyPrefix: 'p' } }).text).toContain('allows 1 key,');
  });

  it('escapes an injected label in the HTML body', () => {
    const mail = signInMail({ ...base, replacesKey: { label: '<script>alert(1)</script>', keyPrefix: 'ars_x' } });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.text).toContain('"<script>alert(1)</script>"');
  });
});
