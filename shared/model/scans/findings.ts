import { byPriority, effortWeight, priorityForGain, priorityRank } from './fix-order.js';
import type { Recommendation, ScanResult } from './scan-result.js';

/**
 * One change to make: a recommendation and those it also fixes (their `sameFixAs` names it, decision 091).
 * It ranks as the group: the sum of their gains, the more urgent of their most urgent priority and the
 * sum's own (the scanner's thresholds; a lone recommendation keeps its own), the largest effort among them.
 */
export interface Finding {
  checkId: string;
  lead: Recommendation;
  also: Recommendation[];
  priority: Recommendation['priority'];
  estimatedGain: number;
  effort: Recommendation['effort'];
  /** Every check the change fixes, the lead's first. */
  checkIds: string[];
}

/**
 * The recommendations as the changes a reader makes, most important first (`byPriority`, the one order every
 * surface shows: report, dashboard, CLI, markdown, MCP, alerts); one per check (a repeated check keeps its first
 * entry). A recommendation whose lead is missing stands on its own.
 */
export function findingsOf(recommendations: readonly Recommendation[]): Finding[] {
  return byPriority(groupedFindings(recommendations));
}

function groupedFindings(recommendations: readonly Recommendation[]): Finding[] {
  const seen = new Set<string>();
  const unique = recommendations.filter((fix) => !seen.has(fix.checkId) && seen.add(fix.checkId));
  const leads = unique.filter((fix) => fix.sameFixAs === undefined || !seen.has(fix.sameFixAs) || fix.sameFixAs === fix.checkId);
  return leads.map((lead) => {
    const also = unique.filter((fix) => fix !== lead && fix.sameFixAs === lead.checkId);
    const group = [lead, ...also];
    const estimatedGain = Math.round(group.reduce((sum, fix) => sum + fix.estimatedGain, 0) * 10) / 10;
    return {
      checkId: lead.checkId,
      lead,
      also,
      priority: group.reduce(
        (best, fix) => (priorityRank[fix.priority] < priorityRank[best] ? fix.priority : best),
        also.length > 0 ? priorityForGain(estimatedGain) : lead.priority,
      ),
      estimatedGain,
      effort: group.reduce((largest, fix) => (effortWeight[fix.effort] > effortWeight[largest] ? fix.effort : largest), lead.effort),
      checkIds: group.map((fix) => fix.checkId),
    };
  });
}

/** The finding that carries a check's fix: its own, or the one it is part of. */
export function findingFor(findings: readonly Finding[], checkId: string): Finding | undefined {
  return findings.find((finding) => finding.checkIds.includes(checkId));
}

/**
 * How an assistant's first fix is named: by the change that carries it (decision 091: making that change
 * makes this fix), with that entry's check to link to; a check without a recommendation by its own title.
 */
export function firstFixNames(
  result: Pick<ScanResult, 'recommendations' | 'checks'>,
): (checkId: string) => { title: string; entry: string | null } {
  const findings = findingsOf(result.recommendations);
  return (checkId) => {
    const finding = findingFor(findings, checkId);
    if (finding) return { title: finding.lead.title, entry: finding.checkId };
    return { title: result.checks.find((check) => check.id === checkId)?.title ?? checkId, entry: null };
  };
}
