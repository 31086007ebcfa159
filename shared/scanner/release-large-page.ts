import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Pages whose decoded text is at least this long leave enough garbage to collect at once. */
export const LARGE_PAGE_CHARACTERS = 1024 * 1024;

type Collect = (options: { type: 'major'; execution: 'async' }) => void;
let collect: Collect | null | undefined;

/**
 * V8's own collector, reached without starting node with --expose-gc (the Lambda runtime, the CLI):
 * the flag exposes `gc` in contexts made after it is set, as Jest's --logHeapUsage does. Null if the
 * runtime refuses.
 */
function collector(): Collect | null {
  if (collect !== undefined) return collect;
  try {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as Collect;
  } catch {
    collect = null;
  }
  return collect;
}

/**
 * Parsing a 2 MiB page allocates about 30 MB (the tree, its strings, the extractors' working sets)
 * that is garbage once the page's facts are read, and V8 lets its old generation grow by that much
 * per page before it collects: a growth scan of five such pages peaked at 200 MB of RSS while it
 * held under 45 MB. Called once a large page's tree is unreachable, one incremental full collection
 * keeps the peak near one page's worth (158 MB). Incremental, not `gc()`'s default synchronous one:
 * that gave the same peak but doubled the median analysis time of ordinary pages afterwards.
 * Ordinary pages never pay for it.
 */
export function releaseLargePage(characters: number): void {
  if (characters < LARGE_PAGE_CHARACTERS) return;
  collector()?.({ type: 'major', execution: 'async' });
}
