import {
  finalUrlOf,
  type PageArtifact,
  type EdgeProbeFamilyArtifact,
  type EdgeProbePageArtifact,
  type Retrieval,
} from '#shared/scanner/artifacts.js';
import { answerOf } from '#shared/scanner/edge/answer-of.js';
import { PROBE_AGENTS, type ProbeAgent } from '#shared/scanner/edge/probe-agents.js';
import type { FetchSession } from '#shared/scanner/fetch-session.js';
import { SCANNER_USER_AGENT, withScannerToken } from '#shared/outbound/user-agent.js';

/**
 * At most this many probe requests in flight at once. A shop never sees more from the probe than from the
 * scan's usual burst (its first round asks the page, robots.txt, the sitemap and the agent documents at once),
 * and the probe starts only once the product pages are in, so the two bursts do not add up.
 */
export const MAX_PROBES_IN_FLIGHT = 3;

/** Reads a page as the scan reads pages (analysePage with the scan's markup cache). */
type ReadPage = (url: string, kind: PageArtifact['kind'], retrieval: Retrieval) => PageArtifact;

/** The product's name and price, read as "what agents see" reads them. */
export function showsProduct(page: PageArtifact): boolean {
  const facts = page.agentView ?? page.product;
  return facts !== null && facts.name !== null && facts.price !== null;
}

/**
 * The edge probe: each page (the homepage, the first product page) asked once per assistant family with the
 * family's documented User-Agent, the scanner's own token appended. No retries; the session starts nothing past
 * the scan's deadline and logs every request. `round` is the scan's next fetch round.
 */
export async function askEdge(
  session: FetchSession,
  read: ReadPage,
  pages: readonly PageArtifact[],
  round: number,
): Promise<EdgeProbeFamilyArtifact[]> {
  const targets = uniqueByUrl(pages);
  const tasks = PROBE_AGENTS.flatMap((agent) => targets.map((page) => ({ agent, page })));
  const answers = await inPool(tasks, MAX_PROBES_IN_FLIGHT, ({ agent, page }, sequence) =>
    probePage(session, read, agent, page, round + sequence),
  );
  return PROBE_AGENTS.map((agent) => ({
    assistant: agent.assistant,
    token: agent.token,
    userAgent: withScannerToken(agent.userAgent, SCANNER_USER_AGENT),
    pages: answers.filter((_answer, index) => tasks[index]?.agent === agent),
  }));
}

async function probePage(
  session: FetchSession,
  read: ReadPage,
  agent: ProbeAgent,
  page: PageArtifact,
  round: number,
): Promise<EdgeProbePageArtifact> {
  return readProbe(read, page, await session.get(finalUrlOf(page), { kind: 'html', agentUserAgent: agent.userAgent }, round));
}

/** The probe's answer for a page beside the scanner's, each copy's product facts read as the scan reads pages. */
export function readProbe(read: ReadPage, page: PageArtifact, asked: Retrieval): EdgeProbePageArtifact {
  const url = finalUrlOf(page);
  const scannerText = page.retrieval.state === 'fetched' ? page.retrieval.resource.text : null;
  const same = asked.state === 'fetched' && asked.resource.text === scannerText;
  // The same text as the scanner's copy keeps one string alive, not two, and needs no second reading.
  const agent: Retrieval =
    same && asked.state === 'fetched' ? { state: 'fetched', resource: { ...asked.resource, text: scannerText ?? '' } } : asked;
  const scannerShows = showsProduct(page);
  const served = answerOf(agent)?.kind === 'served';
  const agentShows = !scannerShows || !served ? null : same ? true : showsProduct(read(url, page.kind, agent));
  return { url, kind: page.kind, scanner: page.retrieval, agent, productFacts: { scanner: scannerShows, agent: agentShows } };
}

function uniqueByUrl(pages: readonly PageArtifact[]): PageArtifact[] {
  const seen = new Set<string>();
  return pages.filter((page) => {
    const url = finalUrlOf(page);
    if (seen.has(url)) return false;
    seen.add(url);
    return true;
  });
}

/** Runs every item through `run`, at most `limit` at once; `sequence` counts the items a worker ran before this one. */
async function inPool<T, R>(items: readonly T[], limit: number, run: (item: T, sequence: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let sequence = 0; next < items.length; sequence += 1) {
      const index = next;
      next += 1;
      results[index] = await run(items[index] as T, sequence);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
