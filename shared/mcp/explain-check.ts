import { allChecks } from '#shared/scanner/checks/index.js';
import { checkExplanations } from '#shared/scanner/checks/check-explanations.js';
import { isCheckId } from '#shared/scanner/checks/check-ids.js';
import { notFound } from '#shared/model/errors.js';
import type { CheckExplanationOutput } from './tool-schemas.js';
import { forReaders } from './reader-text.js';

/** A check of the rubric explained: its place and points, what it looks at, the usual fix, the standards it cites. */
export function explainCheck(checkId: string): CheckExplanationOutput {
  const check = allChecks.find((candidate) => candidate.id === checkId);
  if (!check || !isCheckId(checkId))
    throw notFound(`Unknown check: ${checkId}; the checks are ${allChecks.map(({ id }) => id).join(', ')}`);
  const explanation = checkExplanations[checkId];
  return {
    id: check.id,
    title: check.title,
    dimension: check.dimension,
    points: check.points,
    ...explanation,
    checks: forReaders(explanation.checks),
    fix: forReaders(explanation.fix),
  };
}
