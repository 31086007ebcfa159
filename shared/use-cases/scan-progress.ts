import { getScanProgress, recordScanProgress, type ScanProgress } from '#shared/db/scan-progress-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { ScanStage } from '#shared/model/scans/scan-stage.js';
import type { StageListener } from '#shared/scanner/stage-listener.js';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The progress id a page sent (`X-Scan-Progress`); anything but a UUID is ignored, as is no header. */
export function progressIdOf(header: string | undefined): string | null {
  return header !== undefined && uuid.test(header) ? header.toLowerCase() : null;
}

export interface ProgressReporter {
  onStage: StageListener;
  /** Waits for the stage writes; a failed write is logged, never the scan's failure. */
  settle(): Promise<void>;
}

/** Reports a scan's stages under the id its page chose (the `X-Scan-Progress` header), or nothing without one. */
export function progressReporter(progressId: string | null, deps: Pick<Dependencies, 'table' | 'clock' | 'logger'>): ProgressReporter {
  const writes: Promise<void>[] = [];
  if (progressId === null) return { onStage: () => undefined, settle: async () => undefined };
  const record = (stage: ScanStage) =>
    recordScanProgress(deps.table, progressId, stage, deps.clock.now()).catch((error: unknown) => {
      deps.logger.warn('Could not record scan progress', { stage, error });
    });
  return {
    onStage: (stage) => void writes.push(record(stage)),
    settle: async () => void (await Promise.all(writes)),
  };
}

/**
 * GET /api/scan-progress/{id}: the stage the scan reported last, or a null stage before it reports one
 * (the page asks from the moment it sends the scan, so "not yet" is an answer, not an error).
 */
export async function readScanProgress(
  progressId: string,
  deps: Pick<Dependencies, 'table' | 'clock'>,
): Promise<ScanProgress | { stage: null; updatedAt: null }> {
  return (await getScanProgress(deps.table, progressId, deps.clock.now())) ?? { stage: null, updatedAt: null };
}
