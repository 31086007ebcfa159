import type { z } from 'zod';

/** One readable sentence that names the offending field, e.g. `url: is required`. */
export function validationMessage(error: z.ZodError, where: 'body' | 'query' | 'path'): string {
  const issue = error.issues[0];
  if (!issue) return `Invalid ${where}`;
  if (issue.code === 'unrecognized_keys') {
    return `${issue.keys.map((key) => `${[...issue.path, key].map(String).join('.')}`).join(', ')}: not a field of this request`;
  }
  const field = issue.path.map(String).join('.');
  const message = /received undefined/.test(issue.message) ? 'is required' : issue.message;
  if (field === '') return where === 'body' ? `Invalid request body: ${message}` : `Invalid ${where}: ${message}`;
  if (where === 'path' && field === 'id') return 'Invalid id: must be a UUID';
  return `${field}: ${message}`;
}
