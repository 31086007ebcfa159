/**
 * The first problem the API would answer 400 for in an address to scan or watch, without looking the host up,
 * or '': `empty` when nothing was typed, the route's length limit, a scheme other than http(s), no host. The
 * service checks the rest (a public host, the port) and its answer is shown in place.
 */
export function addressProblem(url: string, rules: { empty: string; verb: 'scanned' | 'watched'; maxLength: number }): string {
  if (!url) return rules.empty;
  if (url.length > rules.maxLength) return `That address is too long: it may have at most ${rules.maxLength} characters.`;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1];
  if (scheme !== undefined && !/^https?$/i.test(scheme)) return `Only http and https addresses can be ${rules.verb}, not ${scheme}:.`;
  if (!/^https?:\/\/[^/?#\s]/i.test(url)) return 'Enter the full address, starting with https:// (or http://).';
  return '';
}
