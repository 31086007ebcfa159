/**
 * A failed parse as problem lines, the JSON path first (`ucp.services.dev.ucp.shopping.0.version: ...`).
 * A bad registry key is worded by the key's own schema, which zod keeps inside the issue.
 */

import type { z } from 'zod';

const maxPathLength = 120;

export function problemsOf(error: z.ZodError | undefined): string[] {
  return (error?.issues ?? []).map((issue) => {
    const message = issue.code === 'invalid_key' ? (issue.issues[0]?.message ?? issue.message) : issue.message;
    const path = issue.path.map(String).join('.').slice(0, maxPathLength);
    return path === '' ? message : `${path}: ${message}`;
  });
}
