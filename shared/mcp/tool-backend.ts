import type { Tier } from '#shared/model/tiers.js';
import type { CompareSitesOutput } from './compare-summary.js';
import type { RecheckOutput, ScanSummary, WatchedSiteList, WatchedSiteSummary } from './tool-schemas.js';

/**
 * What the MCP tools do, behind either transport: the service's use cases for a caller (POST /mcp), the
 * REST API of a deployed service, or a local scanner (stdio). A refusal is thrown as an AppError whose
 * message is the one the REST API gives; explain_check needs no backend.
 */
export interface McpToolBackend {
  scanSite(input: { url: string; tier?: Tier | undefined }): Promise<ScanSummary>;
  getResult(id: string): Promise<ScanSummary>;
  listWatchedSites(): Promise<WatchedSiteList>;
  watchSite(url: string): Promise<{ site: WatchedSiteSummary }>;
  recheck(input: { scanId: string; checks?: string[] | undefined }): Promise<RecheckOutput>;
  compareSites(): Promise<CompareSitesOutput>;
}
