import type { ScanStage } from '#shared/model/scans/scan-stage.js';

/** Told as a running scan moves from one stage to the next. */
export type StageListener = (stage: ScanStage) => void;
