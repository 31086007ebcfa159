import type { Dependencies } from '#shared/dependencies.js';
import { screenTarget } from '#shared/use-cases/scan-target.js';
import type { TargetPolicy } from '#shared/outbound/target-policy.js';
import { MAX_URL_LENGTH, validateTargetUrl } from '#shared/outbound/target-url.js';

export interface PreparedItem {
  url: string;
  /** Why it cannot be scanned; null for a URL the workers will scan. */
  error: string | null;
}

/**
 * The submitted strings as batch items: each URL normalised (WHATWG, fragment dropped) and checked by
 * the scanner's URL rules; one that fails is kept as a failed item with its reason, so one bad row does
 * not sink the rest. Duplicates after normalisation (and repeated invalid strings) become one item.
 */
export function prepareItems(urls: readonly string[], policy: TargetPolicy): PreparedItem[] {
  const seen = new Set<string>();
  const items: PreparedItem[] = [];
  for (const raw of urls) {
    const trimmed = raw.trim();
    const checked = validateTargetUrl(trimmed, policy);
    let item: PreparedItem;
    if (checked.ok) {
      const url = new URL(checked.url.href);
      url.hash = '';
      item = { url: url.href, error: null };
    } else {
      const shown = trimmed.length > MAX_URL_LENGTH ? `${trimmed.slice(0, MAX_URL_LENGTH)}…` : trimmed;
      item = { url: shown, error: trimmed === '' ? 'url is empty' : checked.message };
    }
    const key = item.error === null ? item.url : `invalid:${trimmed}`;
    if (seen.has(key)) continue;
    seen.add(key);
    items.push(item);
  }
  return items;
}

/**
 * Resolves each distinct host of the items to scan (at once, each within the resolve time-out): one
 * whose name resolves to a blocked address, or to none, fails with that reason instead of being queued.
 * A name that does not answer in time is left to the worker, whose connection checks the address again.
 */
export async function screenItems(items: PreparedItem[], deps: Pick<Dependencies, 'config' | 'lookup'>): Promise<PreparedItem[]> {
  const hosts = [...new Set(items.filter((item) => item.error === null).map((item) => new URL(item.url).hostname))];
  const screens = new Map(await Promise.all(hosts.map(async (host) => [host, await screenTarget(`http://${host}/`, deps)] as const)));
  return items.map((item) => {
    if (item.error !== null) return item;
    const screen = screens.get(new URL(item.url).hostname);
    return screen && !screen.ok && screen.reason !== 'timed_out' ? { ...item, error: `url: ${screen.message}` } : item;
  });
}
