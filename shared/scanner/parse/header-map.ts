/** Response headers as the fetcher may hand them over: a WHATWG Headers or a plain record. */
export type HeaderInput = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

/** Lower-case header name → value (repeated headers joined with ", "). */
export function normaliseHeaders(headers: HeaderInput | undefined): Map<string, string> {
  const map = new Map<string, string>();
  if (!headers) return map;
  // Duck-typed: touching the global `Headers` loads Node's bundled undici (~5 ms of a first scan).
  const entries: Iterable<[string, string | readonly string[] | undefined]> = isHeaders(headers)
    ? headers.entries()
    : Object.entries(headers);
  for (const [name, value] of entries) {
    if (value === undefined) continue;
    const joined = typeof value === 'string' ? value : value.join(', ');
    const key = name.toLowerCase();
    const existing = map.get(key);
    map.set(key, existing === undefined ? joined : `${existing}, ${joined}`);
  }
  return map;
}

function isHeaders(headers: HeaderInput): headers is Headers {
  return typeof (headers as Partial<Headers>).get === 'function' && typeof (headers as Partial<Headers>).entries === 'function';
}
