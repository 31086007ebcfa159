/**
 * A site's history as of the moment its record was read. The record and its history are two reads;
 * a rescan that completes between them adds a snapshot the record does not show yet, and the answer
 * would pair the older score with the newer history. Snapshots newer than the one of the record's last
 * scan are left out, and a record never scored when read has no history yet (its first scan may land
 * between the two reads). When a scored record names no scan found in the list (a snapshot older than
 * scan ids), the list is kept whole.
 */
export function historyAsOfSite<T extends { scanId?: unknown }>(
  newestFirst: T[],
  site: { lastScanId: string | null; lastScore: number | null },
): T[] {
  if (site.lastScore === null) return [];
  if (site.lastScanId === null) return newestFirst;
  const index = newestFirst.findIndex((snapshot) => snapshot.scanId === site.lastScanId);
  return index <= 0 ? newestFirst : newestFirst.slice(index);
}
