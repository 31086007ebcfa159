import type { Tier } from '#shared/model/tiers.js';
import type { SiteArtifacts } from '#shared/scanner/artifacts.js';
import { readWellKnown } from '#shared/scanner/checks/read-artifacts.js';
import type { A2aDriveReport } from '#shared/scanner/drives/drive-report.js';
import { drivesEndpoints } from '#shared/scanner/drives/ask-mcp-drive.js';
import { probeInterface } from '#shared/scanner/drives/a2a-drive.js';
import { probeRound, probeTimeout } from '#shared/scanner/drives/probe-budget.js';
import type { FetchSession } from '#shared/scanner/fetch-session.js';

/** Interfaces asked per card: a card lists one per binding, and each costs a request. */
const MAX_PROBED_INTERFACES = 4;

/**
 * The read-only drive of the interfaces a paid scan's A2A agent card declares: one Get Task each, at once, within one
 * probe's time-out; null when none runs (free tier, no card, no interface, no time left).
 */
export async function askA2aDrive(
  session: FetchSession,
  documents: Promise<Pick<SiteArtifacts, 'agentCard'>>,
  options: { tier: Tier; now: () => number },
): Promise<A2aDriveReport | null> {
  if (!drivesEndpoints(options)) return null;
  const card = readWellKnown((await documents).agentCard);
  if (card.state !== 'present' || card.document.interfaces.length === 0) return null;
  const timeoutMs = probeTimeout(session);
  if (timeoutMs === null) return null;
  const { interfaces, declaresSecurity } = card.document;
  const probes = interfaces
    .slice(0, MAX_PROBED_INTERFACES)
    .map((entry) => probeInterface(session, entry, { timeoutMs, round: probeRound, now: options.now, declaresSecurity }));
  return { card: card.url, interfaces: await Promise.all(probes) };
}
