/** Currency normalisation to ISO 4217 codes. */

// Active ISO 4217 currency codes (list one, 2025), without fund codes (BOV, CHE, CLF, ...),
// precious metals, bond units, XDR and the test/no-currency codes: none of those prices a shop offer.
const ISO_4217 = new Set(
  (
    'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP ' +
    'BYN BZD CAD CDF CHF CLP CNY COP CRC CUC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP ' +
    'GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS ' +
    'KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR ' +
    'MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF ' +
    'SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD ' +
    'TWD TZS UAH UGX USD UYU UZS VED VES VND VUV WST XAF XCD XCG XOF XPF YER ZAR ZMW ZWG ZWL'
  ).split(' '),
);

// Non-ISO spellings in common use that name exactly one currency (RUR: Yandex's feed format).
const CODE_ALIASES: ReadonlyMap<string, string> = new Map([
  ['RUR', 'RUB'],
  ['RMB', 'CNY'],
]);

// Symbols and local abbreviations that name one currency. Ambiguous ones (kr, Rs, ₨, C$, 元) are
// left out on purpose; `$` means USD and `¥` JPY, as most agents read them.
const SYMBOLS: ReadonlyMap<string, string> = new Map(
  (
    [
      ['€', 'EUR'],
      ['£', 'GBP'],
      ['$', 'USD'],
      ['US$', 'USD'],
      ['¥', 'JPY'],
      ['円', 'JPY'],
      ['₹', 'INR'],
      ['₽', 'RUB'],
      ['руб', 'RUB'],
      ['₩', 'KRW'],
      ['원', 'KRW'],
      ['₺', 'TRY'],
      ['TL', 'TRY'],
      ['₴', 'UAH'],
      ['грн', 'UAH'],
      ['₪', 'ILS'],
      ['₫', 'VND'],
      ['฿', 'THB'],
      ['₱', 'PHP'],
      ['₦', 'NGN'],
      ['₡', 'CRC'],
      ['₲', 'PYG'],
      ['₸', 'KZT'],
      ['тг', 'KZT'],
      ['₾', 'GEL'],
      ['₼', 'AZN'],
      ['₮', 'MNT'],
      ['₭', 'LAK'],
      ['৳', 'BDT'],
      ['₵', 'GHS'],
      ['zł', 'PLN'],
      ['Kč', 'CZK'],
      ['Ft', 'HUF'],
      ['lei', 'RON'],
      ['лв', 'BGN'],
      ['R$', 'BRL'],
      ['A$', 'AUD'],
      ['AU$', 'AUD'],
      ['NZ$', 'NZD'],
      ['HK$', 'HKD'],
      ['S$', 'SGD'],
      ['CA$', 'CAD'],
      ['MX$', 'MXN'],
      ['NT$', 'TWD'],
      ['RM', 'MYR'],
      ['Rp', 'IDR'],
      ['ر.س', 'SAR'],
      ['د.إ', 'AED'],
    ] as const
  ).map(([symbol, code]) => [symbolKey(symbol), code]),
);

/** Letters and currency signs only, lower-cased: `"30,000 원~"` -> `"원"`, `"лв."` -> `"лв"`. */
function symbolKey(text: string): string {
  return text.replace(/[^\p{L}\p{Sc}]/gu, '').toLowerCase();
}

export function isIsoCurrencyCode(code: string): boolean {
  return ISO_4217.has(code);
}

function fromCode(code: string): string | null {
  const upper = code.toUpperCase();
  const resolved = CODE_ALIASES.get(upper) ?? upper;
  return ISO_4217.has(resolved) ? resolved : null;
}

/**
 * ISO 4217 code for a currency value: a code in any case (`eur`), a known alias (`RUR`), or an
 * unambiguous symbol, alone or next to an amount (`€`, `zł`, `30,000원~`). Null when unknown.
 */
export function normaliseCurrency(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (trimmed === '' || trimmed.length > 64) return null;
  if (/^[A-Za-z]{3}$/.test(trimmed)) {
    const code = fromCode(trimmed);
    if (code !== null) return code;
  }
  const key = symbolKey(trimmed);
  const bySymbol = SYMBOLS.get(key);
  if (bySymbol !== undefined) return bySymbol;
  return /^[a-z]{3}$/.test(key) ? fromCode(key) : null;
}
