import type { AssistantRecord, StepBasis, StepDrive } from './scan-result.js';

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

/** How an assistant's buy step knows, as the MCP answer and the scan_complete webhook give it; nulls for an older result. */
export function buyBasisOf(assistant: AssistantRecord): { buyBasis: StepBasis | null; buyDrive: StepDrive | null } {
  const buy = assistant.steps.find((step) => step.step === 'buy');
  return { buyBasis: buy?.basis ?? null, buyDrive: buy?.drive ?? null };
}

/** The endpoint an exercised buy step called, and what it answered, after the assistant's name. */
export function calledEndpointClause(drive: StepDrive): string {
  return `buys through ${drive.url}, which the scan called: ${drive.detail}`;
}

/** One exercised buy step in words: who buys there, the endpoint, and what it answered. */
export function exercisedBuyLine(buy: ExercisedBuy): string {
  return `${buy.name} ${calledEndpointClause(buy.drive)}`;
}
