/**
 * Shared plumbing for the /.well-known JSON validators.
 *
 * Types
 * - `NotPresent`: the result every validator returns when the body is not a JSON document at all
 *   (soft-404 HTML page, empty, or not JSON): the file counts as absent.
 * - `JsonBody`: the outcome of reading a body as JSON.
 */

import type { z } from 'zod';
import { looksLikeHtmlDocument, stripBom } from '../soft-404.js';

export interface NotPresent {
  present: false;
  valid: false;
  problems: string[];
}

export type JsonBody = { ok: true; value: unknown } | { ok: false; notPresent: NotPresent };

export function readJsonBody(body: string): JsonBody {
  const text = stripBom(body).trim();
  if (text === '') return notPresent('empty body');
  if (looksLikeHtmlDocument(text)) return notPresent('HTML page served instead of JSON (soft 404)');
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return notPresent('body is not JSON');
  }
}

function notPresent(problem: string): JsonBody {
  return { ok: false, notPresent: { present: false, valid: false, problems: [problem] } };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value if it is an array (typed as unknown[] rather than any[]), else an empty array. */
export function arrayOrEmpty(value: unknown): unknown[] {
  return Array.isArray(value) ? (value as unknown[]) : [];
}

export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || !/^https?:\/\//i.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** `path.to.field: message` lines for a failed zod parse. */
/** A hostile document can break every rule at every index: the report names the first few. */
const maxIssues = 10;
const maxProblemLength = 200;

/** Problems quote what a site served: a few, each a line long, so a hostile document cannot swell a result. */
export function boundedProblems(problems: readonly string[]): string[] {
  const listed = problems.slice(0, maxIssues).map((problem) => problem.slice(0, maxProblemLength));
  return problems.length > maxIssues ? [...listed, `${problems.length - maxIssues} more problems`] : listed;
}

export function describeIssues(error: z.ZodError): string[] {
  const described = error.issues.slice(0, maxIssues).map((issue) => {
    const path = issue.path.map(String).join('.').slice(0, 120);
    return path === '' ? issue.message : `${path}: ${issue.message}`;
  });
  const more = error.issues.length - maxIssues;
  return more > 0 ? [...described, `${more} more problems`] : described;
}
