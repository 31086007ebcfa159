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
export function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    return path === '' ? issue.message : `${path}: ${issue.message}`;
  });
}
