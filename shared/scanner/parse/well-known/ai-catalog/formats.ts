/** String forms the AI Catalog names: RFC 3339 timestamps, digests, extension keys, JWS headers. */

const rfc3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-](\d{2}):(\d{2}))$/;

/** An RFC 3339 date-time (`tdate`), with its fields in range. */
export function isRfc3339(value: string): boolean {
  const match = rfc3339.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const offsetOk = match[9] === undefined || (Number(match[9]) < 24 && Number(match[10]) < 60);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth && hour < 24 && minute < 60 && second <= 60 && offsetOk;
}

/** Hex lengths of the hashes the spec's digest format names; shorter than SHA-256 is refused. */
const digestHexLength = new Map([
  ['sha256', 64],
  ['sha384', 96],
  ['sha512', 128],
  ['sha3-256', 64],
  ['sha3-384', 96],
  ['sha3-512', 128],
]);
const weakDigests = new Set(['md5', 'sha1', 'sha224', 'sha3-224']);

/** Why a digest (`algorithm:lowercase-hex`) is not usable; null when it is. */
export function digestProblem(value: string): string | null {
  const match = /^([a-z0-9-]+):([0-9a-f]+)$/.exec(value);
  if (!match) return 'must be algorithm:lowercase-hex, such as sha256:9f86d0...';
  const [, algorithm = '', hex = ''] = match;
  if (weakDigests.has(algorithm)) return `${algorithm} is weaker than SHA-256: use sha256 or stronger`;
  const length = digestHexLength.get(algorithm);
  if (length !== undefined && hex.length !== length) return `a ${algorithm} digest has ${length} hex digits`;
  return null;
}

const reverseDns = /^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)+$/;
const urlKey = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#\s]+/;

/** An `extensions` key: a URL or a reverse-DNS name, so independent publishers do not collide. */
export function isExtensionKey(key: string): boolean {
  return urlKey.test(key) || reverseDns.test(key);
}

/** A JWS `alg` that cannot establish trust: none, or a symmetric MAC. */
export function forbiddenJwsAlgorithm(jws: string): string | null {
  const header = jws.split('.')[0] ?? '';
  try {
    const parsed: unknown = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    const alg = typeof parsed === 'object' && parsed !== null && 'alg' in parsed ? parsed.alg : undefined;
    if (typeof alg !== 'string') return null;
    return alg.toLowerCase() === 'none' || /^HS\d+$/i.test(alg) ? alg.slice(0, 20) : null;
  } catch {
    return null;
  }
}
