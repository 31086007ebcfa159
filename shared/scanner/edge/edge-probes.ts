import type { AssistantId, EdgeProbe } from '#shared/model/scans/scan-result.js';
import type { Artifacts } from '#shared/scanner/artifacts.js';

/**
 * The edge probe judged per assistant: what the shop's edge answered each family's User-Agent beside the
 * scanner's own answer. Empty when the scan sent no probe (the free tier never does).
 */
export function edgeProbesOf(_artifacts: Artifacts): Map<AssistantId, EdgeProbe> {
  return new Map();
}
