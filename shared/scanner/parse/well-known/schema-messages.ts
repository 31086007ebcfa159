/**
 * Words a shop owner can act on for what a zod schema written from a standard refuses, and the small
 * rules JSON Schema states that zod has no one-word form for (uniqueItems, format: uri).
 *
 * `ownerWords` is the error map passed to `safeParse`: a message a field sets itself wins over it.
 * Messages quote what the site served only in short pieces.
 */

import { z } from 'zod';
import { isAbsoluteUri } from './schema-words.js';

const maxQuoted = 40;
const maxKeysNamed = 3;

/** A short, quoted piece of the site's text. */
export function quoted(text: string): string {
  return JSON.stringify(text.length > maxQuoted ? `${text.slice(0, maxQuoted)}…` : text);
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'text';
  if (typeof value === 'number') return 'a number';
  if (typeof value === 'boolean') return 'true/false';
  return typeof value;
}

const expectedWords: Record<string, string> = {
  string: 'text',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  record: 'an object',
};

function oneOf(values: readonly unknown[]): string {
  const listed = values.map((value) => JSON.stringify(value)).join(', ');
  return values.length === 1 ? listed : `one of ${listed}`;
}

export const ownerWords: z.core.$ZodErrorMap = (issue) => {
  if ((issue.code === 'invalid_type' || issue.code === 'invalid_value') && issue.input === undefined)
    return 'required, but missing: add it';
  switch (issue.code) {
    case 'invalid_type':
      return `must be ${expectedWords[issue.expected] ?? issue.expected}, not ${kindOf(issue.input)}`;
    case 'invalid_value': {
      const found = typeof issue.input === 'string' ? `${quoted(issue.input)} is not allowed: ` : '';
      return `${found}must be ${oneOf(issue.values)}`;
    }
    case 'too_small':
      if (issue.origin === 'array') return 'must list at least one entry';
      if (issue.origin === 'string') return 'must not be empty';
      return undefined;
    case 'unrecognized_keys': {
      const named = issue.keys.slice(0, maxKeysNamed).map(quoted).join(', ');
      const more = issue.keys.length > maxKeysNamed ? ` and ${issue.keys.length - maxKeysNamed} more` : '';
      return `unknown member${issue.keys.length > 1 ? 's' : ''} ${named}${more}: the schema allows no other members here`;
    }
    case 'invalid_union':
      if ('discriminator' in issue && typeof issue.discriminator === 'string' && Array.isArray(issue.options))
        return `must be ${oneOf(issue.options as unknown[])}`;
      return 'matches none of the forms the schema allows';
    case 'invalid_format':
      return 'is not in the form the schema requires';
    default:
      return undefined;
  }
};

/** JSON Schema `uniqueItems`. */
export function uniqueList<T extends z.ZodType>(item: T) {
  return z.array(item).refine((list) => new Set(list.map((entry) => JSON.stringify(entry))).size === list.length, {
    message: 'must not list the same value twice',
  });
}

export function absoluteUri(example: string) {
  return z.string().refine(isAbsoluteUri, { message: `must be an absolute URL such as ${example}` });
}

/** A media type (RFC 6838): type/subtype, parameters allowed. */
export function isMediaType(value: string): boolean {
  return /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*(\s*;.*)?$/i.test(value);
}
