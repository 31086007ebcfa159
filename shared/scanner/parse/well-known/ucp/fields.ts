/**
 * The UCP schema's building blocks as zod schemas with messages a shop owner can act on: a version date, a
 * URL (`format: uri`), a reverse-domain name, and the registries (services, capabilities, payment handlers)
 * that map such names to lists of entries.
 */

import { z } from 'zod';
import { isRecord } from '../json-body.js';
import type { UcpRules } from './ucp-rules.js';
import { exampleVersion, expected, kindOf, quoted } from './ucp-wording.js';

const dateVersion = /^\d{4}-\d{2}-\d{2}$/;

/** Runs a refinement on any object, even one whose members already failed, so one pass reports every gap. */
export const whenObject = { when: (payload: { value: unknown }) => isRecord(payload.value) };

/** Text; `missing` says what to add when absent. */
export function text(missing = 'is missing') {
  return z.string({ error: expected(missing, 'text') });
}

/** A YYYY-MM-DD version (or, under the draft, the word the draft writes instead). */
export function version(rules: UcpRules, missing: string) {
  return z
    .string({ error: expected(missing, `a version such as ${exampleVersion()}`) })
    .refine((value) => dateVersion.test(value) || rules.versionWords.includes(value), {
      error: (issue) => `${quoted(issue.input)} is not a version in YYYY-MM-DD form, such as ${exampleVersion()}`,
    });
}

/** A strict YYYY-MM-DD version, as the schema keys `supported_versions`. */
export function dateKey() {
  return z.string().regex(dateVersion, {
    error: (issue) => `${quoted(issue.input)} is not a version in YYYY-MM-DD form, such as ${exampleVersion()}`,
  });
}

/** An absolute URI (RFC 3986: a scheme, no spaces or characters URIs cannot hold, well-formed %-escapes). */
const absoluteUri = /^[a-z][a-z0-9+.-]*:(?:[^\s%<>"{}|\\^`]|%[0-9a-f]{2})*$/i;

export function isAbsoluteUri(value: string): boolean {
  if (!absoluteUri.test(value)) return false;
  return !/^https?:/i.test(value) || URL.canParse(value);
}

/** A `format: uri` member; `missing` says what to add when it is required and absent. */
export function uri(missing = 'is missing') {
  return z
    .string({ error: expected(missing, 'a URL') })
    .refine(isAbsoluteUri, { error: (issue) => `${quoted(issue.input)} is not an absolute URL such as https://shop.example/ucp` });
}

/** A registry key or `extends` target: a reverse-domain name such as dev.ucp.shopping.checkout. */
export function reverseDomainName(rules: UcpRules) {
  return z.string({ error: expected('needs a reverse-domain name', 'a reverse-domain name') }).regex(rules.reverseDomainName, {
    error: (issue) => `${quoted(issue.input)} is not a reverse-domain name such as dev.ucp.shopping.checkout (lowercase, dot-separated)`,
  });
}

/** A JSON object's parameters: the message when something else stands in its place. */
export const anObject = { error: expected('is missing', 'an object') };

/** An object of any members. */
export function anyObject(missing = 'is missing') {
  return z.record(z.string(), z.unknown(), { error: expected(missing, 'an object') });
}

/** A map from reverse-domain names to lists of `entry`: `{"dev.ucp.shopping": [{...}]}`. */
export function registry(rules: UcpRules, entry: z.ZodType, missing: string) {
  const entries = z.array(entry, {
    error: (issue) => `must be a list of entries ([{...}]), not ${kindOf(issue.input)}`,
  });
  return z.record(reverseDomainName(rules), entries, {
    // A bad key is worded by its key schema (problems.ts reads it from the issue).
    error: (issue) => (issue.code === 'invalid_key' ? undefined : expected(missing, 'a map keyed by reverse-domain name')(issue)),
  });
}
