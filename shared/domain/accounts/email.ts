/**
 * One account per address: addresses are compared trimmed, NFC-normalised and lower-cased. Lower-casing
 * the local part is what practically every mail provider does, and it stops "Ann@" and "ann@" becoming
 * two accounts.
 */
export function normalizeEmail(raw: string): string {
  return raw.trim().normalize('NFC').toLowerCase();
}
