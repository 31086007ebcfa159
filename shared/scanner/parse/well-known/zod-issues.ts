/**
 * A failed zod parse as problem lines, the JSON path first (`grant_types_supported.0: must be a string`).
 * Unbounded: the validators merge these with their own findings and bound the whole with `boundedProblems`.
 */

import type { z } from 'zod';

/** Site text in a path (a relation type, a member name) is cut short. */
const maxPathLength = 120;

export function issueLines(error: z.ZodError, prefix = ''): string[] {
  return error.issues.map((issue) => {
    const path = [prefix, ...issue.path.map(String)]
      .filter((part) => part !== '')
      .join('.')
      .slice(0, maxPathLength);
    return path === '' ? issue.message : `${path}: ${issue.message}`;
  });
}
