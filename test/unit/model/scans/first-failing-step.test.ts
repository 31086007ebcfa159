import { describe, expect, it } from 'vitest';
import { firstFailingStep } from '#shared/model/scans/first-failing-step.js';
import type { AssistantStep, AssistantStepStatus } from '#shared/model/scans/scan-result.js';

const names = ['find', 'read', 'trust', 'buy'] as const;

function steps(...statuses: AssistantStepStatus[]): AssistantStep[] {
  return statuses.map((status, index) => ({ step: names[index]!, status, checks: [], reason: `${names[index]} ${status}` }));
}

describe('the step named beside a verdict', () => {
  it.each([
    [['pass', 'pass', 'pass', 'pass'], undefined],
    [['fail', 'not_assessed', 'not_assessed', 'not_assessed'], 'find'],
    [['pass', 'warn', 'pass', 'fail'], 'buy'],
    [['pass', 'warn', 'not_assessed', 'fail'], 'trust'],
    [['pass', 'warn', 'warn', 'pass'], 'read'],
    [['pass', 'pass', 'pass', 'not_assessed'], 'buy'],
  ] as Array<[AssistantStepStatus[], string | undefined]>)('%j names %s', (statuses, expected) => {
    expect(firstFailingStep({ steps: steps(...statuses) })?.step).toBe(expected);
  });
});
