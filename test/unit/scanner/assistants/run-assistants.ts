import type { AssistantRecord, Recommendation } from '#shared/model/scans/scan-result.js';
import { assessAssistants } from '#shared/scanner/assistants/index.js';
import { capsFor } from '#shared/scanner/caps.js';
import { allChecks } from '#shared/scanner/checks/index.js';
import { recommend } from '#shared/scanner/recommendations.js';
import { score } from '#shared/scanner/scoring.js';
import { buildArtifacts } from '#test/unit/scanner/checks/build-artifacts.js';
import type { ArtifactsInput } from '#test/unit/scanner/checks/build-artifacts.js';

const definitions = new Map(allChecks.map((check) => [check.id, check]));

/** Every check, the score and the recommendations as the engine makes them, then the assistants. */
export function runAssistants(input: ArtifactsInput): {
  assistants: AssistantRecord[];
  recommendations: Recommendation[];
  byId: (id: AssistantRecord['id']) => AssistantRecord;
} {
  const artifacts = buildArtifacts(input);
  const scored = score(
    allChecks.map((definition) => ({ definition, outcome: definition.evaluate(artifacts) })),
    capsFor(artifacts),
  );
  const recommendations = recommend(scored.checks, definitions, artifacts, scored);
  const assistants = assessAssistants(artifacts, scored.checks, recommendations);
  const byId = (id: AssistantRecord['id']) => {
    const found = assistants.find((entry) => entry.id === id);
    if (!found) throw new Error(`no assistant ${id}`);
    return found;
  };
  return { assistants, recommendations, byId };
}

export function stepOf(record: AssistantRecord, step: AssistantRecord['steps'][number]['step']): AssistantRecord['steps'][number] {
  const found = record.steps.find((entry) => entry.step === step);
  if (!found) throw new Error(`no step ${step}`);
  return found;
}

/** Each assistant's find status, by id. */
export function findStatuses(assistants: readonly AssistantRecord[]): Record<string, string> {
  return Object.fromEntries(assistants.map((record) => [record.id, stepOf(record, 'find').status]));
}
