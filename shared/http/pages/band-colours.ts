import type { ScanResult } from '#shared/model/scans/scan-result.js';

/**
 * The colour of each band: the report's (site.css defines them as `--agent_ready` and so on; a unit
 * test keeps the two equal) and the badges'. Each carries white text at a contrast of at least 4.5:1.
 */
export const bandColours: Record<ScanResult['band'], string> = {
  agent_ready: '#0f6b3a',
  partially_ready: '#2c6a99',
  needs_work: '#8a5a00',
  not_ready: '#b3261e',
};

/** For a badge with no score to show (not scanned yet, not found). */
export const noScoreColour = '#5b6472';
