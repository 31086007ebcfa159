import { createHash } from 'node:crypto';

/**
 * What a page's markup says is a function of its kind, its URL and its text alone, so a process that
 * reads the same bytes again may reuse what it read. A batch scan meets the same pages over and over
 * (every item of one shop fetches its homepage and the product pages its sitemap names), and reading
 * markup is half of a scan's CPU. Entries are keyed by a SHA-256 of the text, not the text itself, so
 * the cache holds only what was read, and it forgets the least recently used once the pages it holds
 * add up to `maxCharacters` of text (their facts are a fraction of that).
 *
 * Callers must treat what they get as read-only: the same objects go into every scan that reads them.
 */
export interface MarkupCache<T> {
  /** What `read()` returned for this page before, or what it returns now. */
  readThrough(kind: string, url: string, text: string, read: () => T): T;
  readonly size: number;
}

interface Entry<T> {
  value: T;
  characters: number;
}

export function createMarkupCache<T>(options: { maxCharacters: number }): MarkupCache<T> {
  const entries = new Map<string, Entry<T>>();
  let characters = 0;

  function remember(key: string, entry: Entry<T>): void {
    if (entry.characters > options.maxCharacters) return;
    entries.set(key, entry);
    characters += entry.characters;
    // Map iteration is insertion order: the first keys are the least recently used.
    for (const [oldest, old] of entries) {
      if (characters <= options.maxCharacters) break;
      entries.delete(oldest);
      characters -= old.characters;
    }
  }

  return {
    readThrough(kind, url, text, read) {
      const key = `${kind}\n${url}\n${createHash('sha256').update(text).digest('base64')}`;
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
        return hit.value;
      }
      const value = read();
      remember(key, { value, characters: text.length });
      return value;
    },
    get size() {
      return entries.size;
    },
  };
}
