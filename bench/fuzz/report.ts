import type { FuzzResult } from './engine.js';

/** The grouped findings, for a person: one block per operation, status and kind, with its first example. */
export function formatFindings(result: FuzzResult): string {
  if (result.findings.length === 0) return 'fuzz: no schema mismatches and no 5xx';
  const sorted = [...result.findings].sort(
    (a, b) => a.operationId.localeCompare(b.operationId) || a.status - b.status || a.kind.localeCompare(b.kind),
  );
  const blocks = sorted.map((finding) =>
    [
      `${finding.operationId} → ${finding.status || 'no response'} ${finding.kind} (×${finding.count})`,
      `  ${finding.detail}`,
      `  request:  ${finding.request}`,
      `  response: ${finding.response.replace(/\s+/g, ' ')}`,
    ].join('\n'),
  );
  return [`fuzz: ${result.findings.length} groups of findings`, ...blocks].join('\n');
}

/** Statuses seen per operation, one line each. */
export function formatCoverage(result: FuzzResult): string {
  return Object.entries(result.perOperation)
    .map(([operationId, count]) => {
      const statuses = Object.entries(result.statuses[operationId] ?? {})
        .map(([status, seen]) => `${status}×${seen}`)
        .join(' ');
      return `  ${operationId.padEnd(32)} ${String(count).padStart(5)}  ${statuses}`;
    })
    .join('\n');
}
