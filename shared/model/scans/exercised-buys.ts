import type { AssistantRecord, StepBasis, StepDrive } from './scan-result.js';
import { verdictLabels } from './result-labels.js';

export interface ExercisedBuy {
  name: string;
  drive: StepDrive;
}

/**
 * Assistants whose buy step a paid scan tried rather than only read (`basis: exercised`), with the call and its
 * answer, so every surface says the same thing under the same verdict.
 */
export function exercisedBuys(assistants: readonly AssistantRecord[]): ExercisedBuy[] {
  return assistants.flatMap((assistant) => {
    const buy = assistant.steps.find((step) => step.step === 'buy');
    return buy?.basis === 'exercised' && buy.drive ? [{ name: assistant.name, drive: buy.drive }] : [];
  });
}

/**
 * How an assistant's buy step knows, as the MCP answer and the scan_complete webhook give it (nulls for an older
 * result), and whether a checkout drive proved it.
 */
export function buyBasisOf(assistant: AssistantRecord): { buyBasis: StepBasis | null; buyDrive: StepDrive | null; buyProven: boolean } {
  const buy = assistant.steps.find((step) => step.step === 'buy');
  return { buyBasis: buy?.basis ?? null, buyDrive: buy?.drive ?? null, buyProven: isProvenBuy(assistant) };
}

/**
 * The endpoint an exercised buy step called, and what it answered, after the assistant's name. A checkout the scan
 * drove and that went as the protocol says is the proof of the buy step: it is called proven.
 */
export function calledEndpointClause(drive: StepDrive): string {
  if (drive.kind !== 'checkout') return `buys through ${drive.url}, which the scan called: ${drive.detail}`;
  if (drive.outcome === 'as_specified')
    return `buys through ${drive.url}, proven by a checkout the scan drove there (never completed): ${drive.detail}`;
  return `buys through ${drive.url}, where a checkout the scan drove (never completed) went wrong: ${drive.detail}`;
}

/** A buy step that a checkout drive proved: the assistant can buy, and the scan did it up to payment. */
export function isProvenBuy(assistant: AssistantRecord): boolean {
  const buy = assistant.steps.find((step) => step.step === 'buy');
  return assistant.verdict === 'can_buy' && buy?.drive?.kind === 'checkout' && buy.drive.outcome === 'as_specified';
}

/** One exercised buy step in words: who buys there, the endpoint, and what it answered. */
export function exercisedBuyLine(buy: ExercisedBuy): string {
  return `${buy.name} ${calledEndpointClause(buy.drive)}`;
}

/** The verdict's label, with "proven" where a checkout drive proved the buy step: every surface shows it so. */
export function verdictLabelOf(assistant: AssistantRecord): string {
  return `${verdictLabels[assistant.verdict] ?? assistant.verdict}${isProvenBuy(assistant) ? ', proven' : ''}`;
}
