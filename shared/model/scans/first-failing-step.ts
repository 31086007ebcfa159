import type { AssistantRecord, AssistantStep } from './scan-result.js';

/**
 * The step to name beside an assistant's verdict: the first step it did not reach (fail or not_assessed,
 * where its walk stops), else the first warning; undefined when every step passes. The same order picks
 * the assistant's first fix (docs/decisions/062-assistant-verdicts.md).
 */
export function firstFailingStep(assistant: Pick<AssistantRecord, 'steps'>): AssistantStep | undefined {
  return (
    assistant.steps.find((step) => step.status === 'fail' || step.status === 'not_assessed') ??
    assistant.steps.find((step) => step.status === 'warn')
  );
}
