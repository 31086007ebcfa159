import type { AssistantStepStatus, CheckRecord } from '#shared/model/scans/scan-result.js';

/** What a step needs from a scored check. */
export type JudgedCheck = Pick<CheckRecord, 'id' | 'status' | 'summary'>;

/** The checks one step reads for one assistant, by how much each one counts. */
export interface StepRule {
  /** Without these the assistant cannot take the step: a fail fails it, not_assessed leaves it not_assessed. */
  required: readonly string[];
  /** Gaps the assistant works around: a warn or fail here makes the step warn at most. */
  advisory: readonly string[];
}

export interface StepJudgement {
  status: AssistantStepStatus;
  /** The check ids the step was judged on: those of the rule that the scan has and that apply. */
  checks: string[];
  /** The checks behind a fail, warn or not_assessed status, most decisive first; empty on pass. */
  causes: JudgedCheck[];
}

/**
 * The status of a step from its checks' statuses. Check ids the result does not have (a check another
 * release adds or removes) and not_applicable checks are left out.
 * - fail: a required check fails;
 * - not_assessed: otherwise, a required check was not assessed, or none of the required checks is there;
 * - warn: otherwise, a required check warns, or an advisory check warns or fails;
 * - pass: otherwise.
 */
export function judgeStep(rule: StepRule, byId: ReadonlyMap<string, JudgedCheck>): StepJudgement {
  const pick = (ids: readonly string[]) =>
    ids.map((id) => byId.get(id)).filter((check): check is JudgedCheck => check !== undefined && check.status !== 'not_applicable');
  const required = pick(rule.required);
  const advisory = pick(rule.advisory);
  const checks = [...required, ...advisory].map((check) => check.id);
  const failed = required.filter((check) => check.status === 'fail');
  if (failed.length > 0) return { status: 'fail', checks, causes: failed };
  const unknown = required.filter((check) => check.status === 'not_assessed');
  const requiredPresent = rule.required.some((id) => byId.has(id));
  if (unknown.length > 0 || !requiredPresent) return { status: 'not_assessed', checks, causes: unknown };
  const gaps = [
    ...required.filter((check) => check.status === 'warn'),
    ...advisory.filter((check) => check.status === 'fail' || check.status === 'warn'),
  ];
  return gaps.length > 0 ? { status: 'warn', checks, causes: gaps } : { status: 'pass', checks, causes: [] };
}

/** A check's summary as the end of a sentence: its own full stop dropped. */
export function clause(summary: string): string {
  return summary.trim().replace(/\.$/, '');
}

/** Lower-cases the first letter of a sentence so it reads on after a comma ("robots.txt", "HTTP" stay). */
export function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}
