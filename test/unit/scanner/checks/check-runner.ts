import type { Artifacts } from '#shared/scanner/artifacts.js';
import type { CheckDefinition } from '#shared/scanner/checks/types.js';
import { buildArtifacts, type ArtifactsInput } from '#test/unit/scanner/checks/build-artifacts.js';

/** `check(id)` and `run(id, input)` over one dimension's checks, as the dimension tests use them. */
export function checkRunner(checks: readonly CheckDefinition[]) {
  const check = (id: string): CheckDefinition => {
    const found = checks.find((candidate) => candidate.id === id);
    if (!found) throw new Error(`no check ${id}`);
    return found;
  };
  const run = (id: string, input: ArtifactsInput | Artifacts) => {
    const artifacts = 'site' in input ? input : buildArtifacts(input);
    const result = check(id).evaluate(artifacts);
    return { result, artifacts, advice: () => check(id).advise(result, artifacts) };
  };
  return { check, run };
}
