import { describe, expect, it } from 'vitest';
import { validateSecurityTxt } from '#shared/scanner/parse/security-txt-parser.js';

const NOW = new Date('2026-03-01T00:00:00Z');

const GOOD = `# Security contact for Acme
Contact: mailto:security@acme.example
Contact: https://acme.example/security
Expires: 2026-12-31T23:59:59Z
Preferred-Languages: en, de
`;

describe('validateSecurityTxt', () => {
  it('accepts Contact lines with an unexpired Expires', () => {
    expect(validateSecurityTxt(GOOD, NOW)).toEqual({
      present: true,
      valid: true,
      contacts: ['mailto:security@acme.example', 'https://acme.example/security'],
      expires: '2026-12-31T23:59:59.000Z',
      expired: false,
      signed: false,
      problems: [],
    });
  });

  it('is invalid once Expires has passed, measured against the given now', () => {
    const later = new Date('2027-01-01T00:00:00Z');
    const result = validateSecurityTxt(GOOD, later);
    expect(result).toMatchObject({ present: true, valid: false, expired: true });
    expect(result.problems).toEqual(['expired on 2026-12-31T23:59:59.000Z']);
  });

  it('is invalid without Expires, or with two', () => {
    const missing = validateSecurityTxt('Contact: mailto:s@acme.example\n', NOW);
    expect(missing).toMatchObject({ present: true, valid: false, expires: null, expired: null });
    expect(missing.problems).toEqual(['Expires is missing (RFC 9116 requires it)']);
    const twice = validateSecurityTxt(`${GOOD}Expires: 2026-06-01T00:00:00Z\n`, NOW);
    expect(twice.valid).toBe(false);
    expect(twice.problems).toContain('Expires appears more than once');
  });

  it('reports an unparseable or non-RFC 3339 Expires', () => {
    expect(validateSecurityTxt('Contact: mailto:s@a.example\nExpires: soon\n', NOW)).toMatchObject({
      valid: false,
      expires: null,
      problems: ['Expires "soon" is not a date'],
    });
    const dateOnly = validateSecurityTxt('Contact: mailto:s@a.example\nExpires: 2026-12-31\n', NOW);
    expect(dateOnly.valid).toBe(true);
    expect(dateOnly.problems).toEqual(['Expires "2026-12-31" is not in RFC 3339 date-time format']);
  });

  it('notes an Expires more than a year ahead without failing', () => {
    const result = validateSecurityTxt('Contact: mailto:s@a.example\nExpires: 2030-01-01T00:00:00Z\n', NOW);
    expect(result.valid).toBe(true);
    expect(result.problems).toEqual(['Expires is more than a year ahead (RFC 9116 recommends less)']);
  });

  it('requires a usable Contact URI', () => {
    const result = validateSecurityTxt(
      'Contact: security@acme.example\nContact: http://acme.example/sec\nExpires: 2026-12-31T23:59:59Z\n',
      NOW,
    );
    expect(result.present).toBe(true);
    expect(result.valid).toBe(false);
    expect(result.problems).toEqual([
      'Contact "security@acme.example" is an e-mail address without mailto:',
      'Contact "http://acme.example/sec" must use https://',
      'no Contact is a usable mailto:, tel: or https:// URI',
    ]);
  });

  it('reads the fields inside a PGP cleartext signature', () => {
    const signedBody = `-----BEGIN PGP SIGNED MESSAGE-----
Hash: SHA512

- # dash-escaped comment
Contact: tel:+1-201-555-0123
Expires: 2026-12-31T23:59:59Z
-----BEGIN PGP SIGNATURE-----

iQIzBAEBCgAdFiEEexample
Contact: mailto:not-a-field@evil.example
-----END PGP SIGNATURE-----
`;
    const result = validateSecurityTxt(signedBody, NOW);
    expect(result).toMatchObject({ present: true, valid: true, signed: true, contacts: ['tel:+1-201-555-0123'] });
  });

  it('treats an HTML page, a file without Contact, and an empty body as absent', () => {
    const html = validateSecurityTxt('<html><body><h1>Security</h1>Contact: mailto:x@y.example</body></html>', NOW);
    expect(html).toMatchObject({ present: false, valid: false, problems: ['HTML page served instead of security.txt (soft 404)'] });
    expect(validateSecurityTxt('Expires: 2026-12-31T23:59:59Z\n', NOW)).toMatchObject({ present: false, problems: ['no Contact field'] });
    expect(validateSecurityTxt('', NOW).present).toBe(false);
  });
});
