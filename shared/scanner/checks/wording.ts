/** Wording shared by the checks' summaries and advice. */
import type { PageArtifact } from '#shared/scanner/artifacts.js';
import type { CheckOutcome, Evidence } from '#shared/scanner/checks/types.js';

export function plural(count: number, word: string, pluralWord = `${word}s`): string {
  return `${count} ${count === 1 ? word : pluralWord}`;
}

/** Like plural, with the count's digits grouped by thousands (1,234 URLs). */
export function pluralGrouped(count: number, noun: string, pluralNoun = `${noun}s`): string {
  // Grouped by hand: the first toLocaleString of a process loads ICU's locale data (~10 ms of a first scan).
  return `${String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} ${count === 1 ? noun : pluralNoun}`;
}

/** "A", "A and B", "A, B and C", "A, B, C and 2 more". */
export function listNames(names: readonly string[], max = 4): string {
  if (names.length <= 1) return names[0] ?? '';
  if (names.length > max) return `${names.slice(0, max - 1).join(', ')} and ${names.length - max + 1} more`;
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`;
}

export function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`;
}

/** "the homepage" or the page's path, for summaries. */
export function pageLabel(page: PageArtifact): string {
  if (page.kind === 'homepage') return 'the homepage';
  try {
    const url = new URL(page.url);
    return url.pathname + url.search;
  } catch {
    return page.url;
  }
}

/** Evidence quoted in advice: "url: value; url: value". */
export function quoteEvidence(evidence: readonly Evidence[], max = 3): string {
  const quoted = evidence.slice(0, max).map((item) => (item.url ? `${item.url}: ${item.value ?? 'nothing found'}` : (item.value ?? '')));
  const more = evidence.length > max ? ` (and ${evidence.length - max} more)` : '';
  return quoted.join('; ') + more;
}

/** An advice `why`: the consequence for an agent, then the finding with its evidence (URL and value). */
export function because(consequence: string, result: CheckOutcome): string {
  const found = result.evidence
    .slice(0, 3)
    .map((e) => (e.url !== null && e.value !== null ? `${e.url}: ${e.value}` : (e.url ?? e.value)))
    .filter((line): line is string => line !== null);
  return `${consequence} ${result.summary}${found.length > 0 ? ` Found: ${found.join('; ')}.` : ''}`;
}

export function jsonLdScript(value: unknown): string {
  return `<script type="application/ld+json">\n${JSON.stringify(value, null, 2)}\n</script>`;
}
