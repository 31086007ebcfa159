import type { CheerioAPI } from 'cheerio';

/** A refresh later than this is a page that reloads itself now and then, not a redirect. */
const MAX_REDIRECT_DELAY_SECONDS = 10;

/**
 * Where `<meta http-equiv="refresh" content="0; url=/home">` sends a reader, resolved against the page
 * (HTML's "shared declarative refresh steps": a delay, then an optional URL, quoted or not); null when
 * the page has none, it reloads the page itself, or it waits longer than a redirect would.
 */
export function metaRefreshTarget(document: CheerioAPI, pageUrl: string): string | null {
  const meta = document('meta[http-equiv][content]')
    .toArray()
    .find((element) => (element.attribs['http-equiv'] ?? '').trim().toLowerCase() === 'refresh');
  const content = meta?.attribs.content;
  if (content === undefined) return null;
  const parsed = /^\s*(\d+)(?:\.[\d.]*)?\s*(?:[;,]\s*(?:url\s*=\s*)?(.*))?$/is.exec(content);
  if (!parsed || Number(parsed[1]) > MAX_REDIRECT_DELAY_SECONDS) return null;
  const raw = (parsed[2] ?? '')
    .trim()
    .replace(/^(["'])(.*?)(\1|$).*$/s, '$2')
    .trim();
  if (raw === '') return null;
  const target = URL.parse(raw, pageUrl);
  if (!target || (target.protocol !== 'http:' && target.protocol !== 'https:')) return null;
  target.hash = '';
  const current = URL.parse(pageUrl);
  if (current) current.hash = '';
  return target.href === current?.href ? null : target.href;
}
