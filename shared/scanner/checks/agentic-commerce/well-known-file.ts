import type { WellKnown } from '#shared/scanner/artifacts.js';
import { notFetchedReason, statusOf } from '#shared/scanner/checks/discovery/gathered.js';

export type WellKnownReading<T> =
  | { state: 'not_assessed'; url: string; reason: string }
  /** Not there: an error status or a soft 404 (an HTML page, not JSON). */
  | { state: 'absent'; url: string; reason: string }
  | { state: 'present'; url: string; document: T };

export function readWellKnown<T extends { present: true }>(file: WellKnown<T>): WellKnownReading<T> {
  const unfetched = notFetchedReason(file.retrieval);
  if (unfetched !== null) return { state: 'not_assessed', url: file.url, reason: unfetched };
  const { result } = file;
  if (result === null) return { state: 'absent', url: file.url, reason: `answered HTTP ${statusOf(file.retrieval) ?? '?'}` };
  if (!result.present) return { state: 'absent', url: file.url, reason: result.problems[0] ?? 'not a JSON document' };
  return { state: 'present', url: file.url, document: result };
}
