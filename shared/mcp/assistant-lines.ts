import { accessLine, edgeFindings } from '#shared/model/scans/access-words.js';
import { verdictLabels } from '#shared/model/scans/result-labels.js';
import { calledEndpointClause } from '#shared/model/scans/exercised-buys.js';
import type { ScanSummary } from './tool-schemas.js';

/** Breaks and controls in text a scanned site may have supplied: each run becomes a space, one assistant per line. */
// eslint-disable-next-line no-control-regex
const breaks = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

function flat(text: string): string {
  return text.replace(breaks, ' ');
}

/**
 * The assistants in a scan tool's text answer, one line each: the verdict, then each role's robots.txt standing
 * (and whether the vendor says it may ignore it) and the edge probe's findings; the vendor's page and the rest
 * are in the structured answer.
 */
export function assistantLines(scan: ScanSummary): string[] {
  return scan.assistants.map((assistant) => {
    const label = `${verdictLabels[assistant.verdict]}${assistant.buyProven ? ', proven' : ''}`;
    const parts = [`${flat(assistant.name)}: ${label.toLowerCase()}`];
    for (const access of assistant.access) {
      parts.push(flat(accessLine(access)));
      if (access.edge !== undefined) parts.push(...edgeFindings(access.edge).map((finding) => `Edge: ${flat(finding)}`));
    }
    if (assistant.buyDrive) parts.push(flat(calledEndpointClause(assistant.buyDrive)));
    return parts.join(' · ');
  });
}
