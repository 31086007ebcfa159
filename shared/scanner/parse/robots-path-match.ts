/**
 * RFC 9309 §2.2.2–2.2.3 path normalisation and pattern matching.
 *
 * Both the robots.txt patterns and the request paths are normalised the same way before comparing:
 * octets outside printable US-ASCII are UTF-8 percent-encoded, percent-encoded unreserved characters
 * are decoded (`%7E` → `~`), and the remaining escapes get upper-case hex (`%2f` → `%2F`). Encoded
 * reserved characters stay encoded, so `/a%2Fb` and `/a/b` remain different paths.
 */

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

export function normaliseRobotsPath(raw: string): string {
  let encoded = '';
  for (const char of raw) {
    const code = char.codePointAt(0) ?? 0;
    encoded += code <= 0x20 || code >= 0x7f ? percentEncodeUtf8(char) : char;
  }
  return encoded.replace(/%([0-9A-Fa-f]{2})/g, (_escape, hex: string) => {
    const decoded = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(decoded) ? decoded : `%${hex.toUpperCase()}`;
  });
}

function percentEncodeUtf8(char: string): string {
  let out = '';
  for (const byte of Buffer.from(char, 'utf8')) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  return out;
}

/**
 * The path part robots.txt rules apply to: path plus query, without the fragment. Accepts an
 * absolute URL or a path; a path is kept as written (no dot-segment resolution) because that is
 * what a crawler requests.
 */
export function toRobotsPath(urlOrPath: string): string {
  const trimmed = urlOrPath.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) {
    try {
      const url = new URL(trimmed);
      return normaliseRobotsPath(url.pathname + url.search);
    } catch {
      return '/';
    }
  }
  const withoutFragment = trimmed.split('#', 1)[0] ?? '';
  if (withoutFragment === '') return '/';
  return normaliseRobotsPath(withoutFragment.startsWith('/') ? withoutFragment : `/${withoutFragment}`);
}

/**
 * Does a normalised pattern match a normalised path? `*` matches any sequence, a trailing `$`
 * anchors the end; everything else is literal and the match is anchored at the start.
 * Tracks the set of reachable path offsets (as Google's reference parser does) so hostile
 * patterns like `/*a*a*a*a*b` cannot cause exponential backtracking.
 */
export function robotsPatternMatches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  const literalPrefix = body.split('*', 1)[0] ?? '';
  if (!path.startsWith(literalPrefix)) return false;

  let offsets: number[] = [literalPrefix.length];
  for (let i = literalPrefix.length; i < body.length; i++) {
    const char = body[i];
    if (char === '*') {
      const from = offsets[0] ?? 0;
      offsets = [];
      for (let offset = from; offset <= path.length; offset++) offsets.push(offset);
      continue;
    }
    const next: number[] = [];
    for (const offset of offsets) {
      if (path[offset] === char) next.push(offset + 1);
    }
    if (next.length === 0) return false;
    offsets = next;
  }
  return anchored ? offsets.includes(path.length) : true;
}
