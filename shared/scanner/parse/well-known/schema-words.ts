/**
 * Zod pieces that say what is wrong in words a shop owner can act on: a member that is missing is
 * "missing" with what to put there, one of the wrong type says which type it needs. Shared by the
 * validators that encode a standard's JSON Schema with zod.
 */

import { z } from 'zod';

type Hint = string;

/** The message for a member that is absent or of the wrong JSON type. */
function typeError(kind: string, hint: Hint) {
  return (issue: { input: unknown }) => (issue.input === undefined ? `missing: ${hint}` : `must be ${kind}: ${hint}`);
}

/** JSON Schema counts a string's length in code points, not UTF-16 units. */
export function codePoints(value: string): number {
  return [...value].length;
}

/** A string member; `min`/`max` as the schema's minLength/maxLength (code points). */
export function text(hint: Hint, bounds: { min?: number; max?: number } = {}) {
  let schema = z.string({ error: typeError('text', hint) });
  const { min, max } = bounds;
  if (min !== undefined) {
    schema = schema.refine((value) => codePoints(value) >= min, {
      error: min === 1 ? `must not be empty: ${hint}` : `must be at least ${min} characters: ${hint}`,
    });
  }
  if (max !== undefined) {
    schema = schema.refine((value) => codePoints(value) <= max, { error: `must be at most ${max} characters` });
  }
  return schema;
}

export function bool(hint: Hint) {
  return z.boolean({ error: typeError('true or false', hint) });
}

export function list<T extends z.ZodType>(item: T, hint: Hint) {
  return z.array(item, { error: typeError('a list', hint) });
}

export function map<T extends z.ZodType>(value: T, hint: Hint) {
  return z.record(z.string(), value, { error: typeError('an object', hint) });
}

/** An object member: unknown members pass (the schemas here do not forbid them). */
export function object<T extends z.core.$ZodLooseShape>(shape: T, hint: Hint) {
  return z.looseObject(shape, { error: typeError('an object', hint) });
}

export function oneOf<const T extends readonly [string, ...string[]]>(values: T, hint: Hint) {
  return z.enum(values, { error: (issue) => (issue.input === undefined ? `missing: ${hint}` : `must be one of ${values.join(', ')}`) });
}

/** An absolute URI as JSON Schema's `format: uri` reads it: a scheme, then no spaces. */
export function isAbsoluteUri(value: string): boolean {
  if (!/^[a-zA-Z][a-zA-Z0-9+.-]*:\S*$/.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

export function uri(hint: Hint) {
  return text(hint).refine(isAbsoluteUri, { error: `must be an absolute URL such as https://example.com/: ${hint}` });
}
