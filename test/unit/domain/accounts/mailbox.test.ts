import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mailboxOf, mailboxRules } from '#shared/model/accounts/email.js';

describe('mailboxOf', () => {
  it('drops dots and +tags at Gmail, and writes googlemail.com as gmail.com', () => {
    for (const spelling of [
      'alice@gmail.com',
      'a.lice@gmail.com',
      'a.l.i.c.e+shop@gmail.com',
      'alice+1@googlemail.com',
      'al.ice+a+b@googlemail.com',
    ]) {
      expect(mailboxOf(spelling), spelling).toBe('alice@gmail.com');
    }
  });

  it('drops only the +tag where dots are part of the name', () => {
    expect(mailboxOf('a.lice+news@outlook.com')).toBe('a.lice@outlook.com');
    expect(mailboxOf('a.lice@outlook.com')).not.toBe(mailboxOf('alice@outlook.com'));
    for (const domain of [
      'hotmail.com',
      'live.com',
      'msn.com',
      'icloud.com',
      'me.com',
      'mac.com',
      'fastmail.com',
      'fastmail.fm',
      'proton.me',
      'protonmail.com',
      'protonmail.ch',
      'pm.me',
    ]) {
      expect(mailboxOf(`bob.smith+x@${domain}`), domain).toBe(`bob.smith@${domain}`);
    }
  });

  it('keeps different providers of one group apart where they are not one mailbox', () => {
    expect(mailboxOf('bob@me.com')).not.toBe(mailboxOf('bob@icloud.com'));
    expect(mailboxOf('bob@hotmail.com')).not.toBe(mailboxOf('bob@outlook.com'));
  });

  it('leaves every other address as it is: Yahoo "-", custom domains, subdomains of listed ones', () => {
    for (const address of [
      'bob-shop@yahoo.com',
      'b.ob+x@shop.example.com',
      'a.lice+x@mail.gmail.com',
      'x@alice.fastmail.com',
      'alice@gmail.co',
    ]) {
      expect(mailboxOf(address), address).toBe(address);
    }
  });

  it('keeps a local part that would be empty without its dots or its tag', () => {
    expect(mailboxOf('+tag@gmail.com')).toBe('+tag@gmail.com');
    expect(mailboxOf('...@gmail.com')).toBe('...@gmail.com');
  });

  it('is idempotent: a mailbox is its own mailbox', () => {
    const domains = [...Object.keys(mailboxRules), 'example.com'];
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9.+_-]{1,20}$/), fc.constantFrom(...domains), (local, domain) => {
        const mailbox = mailboxOf(`${local}@${domain}`);
        expect(mailboxOf(mailbox)).toBe(mailbox);
      }),
    );
  });
});
