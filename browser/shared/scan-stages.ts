export interface ScanStages {
  /** Marks `stage` current, those before it done and those after it waiting; 'done' marks them all done. */
  show(stage: string): void;
  /** Starts the clock and, with a token, asks the service for the scan's progress. */
  start(token: string | null): void;
  stop(): void;
}

/**
 * A running scan's stages: the items of `list` (li[data-stage]) marked done, current or waiting from the
 * progress the service records under the scan's token (GET /api/scan-progress/{token}), and the seconds since
 * the start in `elapsed`.
 */
export function scanStages(list: ParentNode, elapsed: HTMLElement): ScanStages {
  let poll: number | null = null;
  let clock: number | null = null;

  function show(stage: string): void {
    let reached = stage === 'done';
    // From the last: every stage before the current one is done.
    for (const item of Array.from(list.querySelectorAll('li[data-stage]')).reverse()) {
      if (item.getAttribute('data-stage') === stage) {
        item.setAttribute('data-state', 'current');
        reached = true;
      } else item.setAttribute('data-state', reached ? 'done' : 'waiting');
    }
  }

  function start(token: string | null): void {
    show('homepage');
    const started = Date.now();
    elapsed.textContent = '0 s';
    clock = window.setInterval(() => {
      elapsed.textContent = `${Math.round((Date.now() - started) / 1000)} s`;
    }, 1000);
    if (!token) return;
    poll = window.setInterval(() => {
      fetch(`/api/scan-progress/${token}`, { headers: { accept: 'application/json' } })
        .then((response) => {
          if (response.status !== 200) return;
          return response.json().then((body: unknown) => {
            const stage = stageOf(body);
            if (poll && stage) show(stage);
          });
        })
        .catch(() => {});
    }, 600);
  }

  function stop(): void {
    if (poll) clearInterval(poll);
    if (clock) clearInterval(clock);
    poll = clock = null;
  }

  return { show, start, stop };
}

function stageOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('stage' in body)) return null;
  return typeof body.stage === 'string' ? body.stage : null;
}
