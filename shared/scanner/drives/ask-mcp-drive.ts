import type { Tier } from '#shared/model/tiers.js';
import type { SiteArtifacts } from '#shared/scanner/artifacts.js';
import { readWellKnown } from '#shared/scanner/checks/read-artifacts.js';
import type { FetchSession } from '#shared/scanner/fetch-session.js';
import type { McpDriveReport } from '#shared/scanner/drives/drive-report.js';

/** A drive never takes more than this of a scan, nor more than the scan has left. */
export const mcpDriveTimeoutMs = 8_000;
/** initialize, its notification, three pages of tools, resources, prompts, the session's end, and two redirects. */
export const mcpDriveMaxRequests = 10;
/** Less time than this left in the scan: the endpoint is judged as declared, not driven. */
const minimumDriveMs = 1_000;
/** What the drive leaves for the rest of the scan to finish in. */
const scanSlackMs = 500;
/** Drives start once the documents that declare the endpoint are in: after the first round and a catalog's. */
const driveRound = 3;

type Declaring = Pick<SiteArtifacts, 'mcpServerCard' | 'ucp'>;

/** The drive runs on paid tiers only: the free public scanner never connects to a shop's endpoints. */
export function drivesEndpoints(options: { tier: Tier }): boolean {
  return options.tier !== 'free';
}

/**
 * The endpoint mcp_discovery passes on, in its order: a valid server card's first remote, else the UCP profile's
 * MCP binding. A card whose remotes are all of a transport other than streamable HTTP (the older SSE) is not driven.
 */
export function declaredMcpEndpoint(site: Declaring): string | null {
  const card = readWellKnown(site.mcpServerCard);
  if (card.state === 'present' && card.document.valid && card.document.endpoints.length > 0) {
    const { transports, endpoints } = card.document;
    const streamable = transports.length === 0 || transports.some((type) => type === 'streamable-http' || type === 'http');
    return streamable ? (endpoints[0] ?? null) : null;
  }
  const ucp = readWellKnown(site.ucp);
  return ucp.state === 'present' ? (ucp.document.mcpEndpoints[0] ?? null) : null;
}

/** The read-only MCP drive of a paid scan, once the declaring documents are read; null when none runs. */
export async function askMcpDrive(
  session: FetchSession,
  documents: Promise<Declaring>,
  options: { tier: Tier; now: () => number },
): Promise<McpDriveReport | null> {
  if (!drivesEndpoints(options)) return null;
  const endpoint = declaredMcpEndpoint(await documents);
  const left = session.remainingMs() - scanSlackMs;
  if (endpoint === null || left < minimumDriveMs) return null;
  // Loaded on the first drive: the MCP client and its protocol schemas cost a scan that drives nothing no cold start.
  const { driveMcp } = await import('#shared/scanner/drives/mcp-drive.js');
  return driveMcp(endpoint, session, {
    timeoutMs: Math.min(mcpDriveTimeoutMs, left),
    maxRequests: mcpDriveMaxRequests,
    round: driveRound,
    now: options.now,
  });
}
