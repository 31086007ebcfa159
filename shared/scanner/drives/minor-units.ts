/**
 * ISO 4217 minor units, for the currencies whose minor unit is not a hundredth: checkout APIs (UCP, ACP) give
 * amounts as integers in the currency's minor unit, and a page gives a decimal price.
 */
const exponents: Readonly<Record<string, number>> = {
  ...Object.fromEntries('BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF'.split(' ').map((code) => [code, 0])),
  ...Object.fromEntries('BHD IQD JOD KWD LYD OMR TND'.split(' ').map((code) => [code, 3])),
  CLF: 4,
  UYW: 4,
};

export function minorUnitExponent(currency: string): number {
  return exponents[currency.toUpperCase()] ?? 2;
}

/** A page's decimal price (`"189.00"`, `"34.5"`, `"259"`) in minor units; null when it has more decimals than the currency. */
export function toMinorUnits(price: string, currency: string): number | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(price.trim());
  if (!match) return null;
  const exponent = minorUnitExponent(currency);
  const decimals = (match[2] ?? '').replace(/0+$/, '');
  if (decimals.length > exponent) return null;
  const amount = Number(`${match[1]}${decimals.padEnd(exponent, '0')}`);
  return Number.isSafeInteger(amount) ? amount : null;
}

/** Minor units as a decimal price with its currency: `18900, "EUR"` → `189.00 EUR`. */
export function formatMinorUnits(amount: number, currency: string): string {
  const exponent = minorUnitExponent(currency);
  const sign = amount < 0 ? '-' : '';
  const digits = String(Math.abs(amount)).padStart(exponent + 1, '0');
  const whole = exponent === 0 ? digits : `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
  return `${sign}${whole} ${currency.toUpperCase()}`;
}
