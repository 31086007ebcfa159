import type { AssistantRecord } from './scan-result.js';
import { firstFailingStep } from './first-failing-step.js';

export interface FindGap {
  name: string;
  /** The find step's reason: what keeps part of the shop from the assistant. */
  reason: string;
}

/**
 * Assistants that find the shop with a gap (their find step warns: a partial robots.txt block, a product page
 * kept out, a noindex page) while the step every surface leads with is a later one, so the gap would otherwise
 * not be seen where the verdict is shown.
 */
export function findGaps(assistants: readonly AssistantRecord[]): FindGap[] {
  return assistants.flatMap((assistant) => {
    const find = assistant.steps.find((step) => step.step === 'find');
    if (find?.status !== 'warn' || firstFailingStep(assistant) === find) return [];
    return [{ name: assistant.name, reason: find.reason }];
  });
}
