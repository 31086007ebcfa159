/**
 * How the UCP profile's problems are worded: what a member is, what it must be, and a short quote of what
 * the site served (never more than a few dozen characters of it).
 */

import type { z } from 'zod';
import { versionOf } from '#shared/scanner/standards.js';

/** A version to show as the example in messages: the one the scanner pins. */
export const exampleVersion = (): string => versionOf('ucp');

/** What a JSON value is, in the words a message uses: "a list", "text", "a number". */
export function kindOf(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'a list';
  if (typeof input === 'object') return 'an object';
  if (typeof input === 'string') return 'text';
  return `a ${typeof input}`;
}

const maxQuoted = 40;

/** The site's value, cut short: text in quotes, anything else as JSON. */
export function quoted(input: unknown): string {
  const cut = (text: string) => (text.length > maxQuoted ? `${text.slice(0, maxQuoted)}…` : text);
  return typeof input === 'string' ? JSON.stringify(cut(input)) : cut(JSON.stringify(input) ?? String(input));
}

/** A member's message: `missing` when it is absent, else what it must be and what it was. */
export function expected(missing: string, shape: string): (issue: z.core.$ZodRawIssue) => string {
  return (issue) => (issue.input === undefined ? missing : `must be ${shape}, not ${kindOf(issue.input)}`);
}
