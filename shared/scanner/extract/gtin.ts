/** GTIN (EAN/UPC/ITF-14) helpers: GS1 mod-10 check digits. */

const GTIN_LENGTHS = new Set([8, 12, 13, 14]);

/**
 * The GS1 check digit for a body (the code without its last digit): weights 3, 1, 3, ... from
 * the rightmost body digit, check = (10 - sum mod 10) mod 10. Throws on non-digits.
 */
export function gtinCheckDigit(body: string): number {
  if (!/^\d+$/.test(body)) throw new Error('GTIN body must be digits');
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * True for a GTIN-8/12/13/14 whose check digit is right. An all-zero code passes the arithmetic
 * but is a placeholder (`"gtin13": "0000000000000"` is common), so it is rejected.
 */
export function isValidGtin(code: string): boolean {
  if (!/^\d+$/.test(code) || !GTIN_LENGTHS.has(code.length) || /^0+$/.test(code)) return false;
  return gtinCheckDigit(code.slice(0, -1)) === Number(code.slice(-1));
}

/** Digits of a GTIN/ISBN value as written (`"978-0-552-17374-2"` -> `"9780552173742"`), or null. */
export function normaliseGtin(value: unknown): string | null {
  if (typeof value === 'number') value = Number.isSafeInteger(value) && value >= 0 ? String(value) : '';
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text.length > 64) return null;
  const digits = text.replace(/\D/g, '');
  return digits === '' ? null : digits;
}
