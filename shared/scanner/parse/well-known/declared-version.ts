/**
 * The version an agent-facing document declares, and where it stands against the versions the scanner
 * knows (docs/decisions/102-documents-judged-by-their-schemas.md): `current` is a version the scanner pins,
 * `older` one it still reads, `newer` a later version or a draft (judged by the newest rules the scanner
 * knows, never refused for its version string alone), `unknown` no version or one that is not in the
 * standard's form.
 */

import type { VersionStanding } from '#shared/model/scans/scan-result.js';

export type { VersionStanding };

export interface DeclaredVersion {
  /** As the document wrote it; null when it declares none (or not as a short string). */
  version: string | null;
  standing: VersionStanding;
}

/** How a standard spells its versions, oldest first when sorted by `compare`. */
export interface VersionScheme {
  /** The versions the scanner pins today. */
  current: readonly string[];
  /** Earlier versions it still reads. */
  older: readonly string[];
  /** Words a standard uses for an unreleased version (UCP's main branch says `draft`). */
  draftWords?: readonly string[];
  /** Whether a string is a version in the standard's form (a date, Major.Minor...). */
  wellFormed: (version: string) => boolean;
  /** Negative when a is earlier than b. */
  compare: (a: string, b: string) => number;
}

/** A declared version is a short token (2026-04-08, 1.0, 0.3.0); anything longer is the site's text, not a version. */
const maxVersionLength = 40;

export function declaredVersion(value: unknown, scheme: VersionScheme): DeclaredVersion {
  if (typeof value !== 'string' || value === '' || value.length > maxVersionLength) return { version: null, standing: 'unknown' };
  return { version: value, standing: standingOf(value, scheme) };
}

function standingOf(version: string, scheme: VersionScheme): VersionStanding {
  if (scheme.current.includes(version)) return 'current';
  if (scheme.older.includes(version)) return 'older';
  if (scheme.draftWords?.includes(version.toLowerCase())) return 'newer';
  if (!scheme.wellFormed(version)) return 'unknown';
  const newestCurrent = [...scheme.current].sort(scheme.compare).at(-1);
  if (newestCurrent === undefined) return 'unknown';
  if (scheme.current.some((pinned) => scheme.compare(version, pinned) === 0)) return 'current';
  return scheme.compare(version, newestCurrent) > 0 ? 'newer' : 'older';
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** Dated versions (UCP, ACP): YYYY-MM-DD, compared as text. */
export function dateScheme(current: readonly string[], older: readonly string[], draftWords: readonly string[] = []): VersionScheme {
  return {
    current,
    older,
    draftWords,
    wellFormed: (version) => isoDate.test(version) && !Number.isNaN(Date.parse(`${version}T00:00:00Z`)),
    compare: (a, b) => (a < b ? -1 : a > b ? 1 : 0),
  };
}

const dotted = /^\d+(\.\d+){0,2}$/;

/**
 * Numbered versions (A2A 1.0 / 0.3.0, AI Catalog 1.0): numeric parts compared in turn, missing parts as 0;
 * `significantParts` ignores the rest (A2A versions are Major.Minor: 1.0.1 is a patch of 1.0).
 */
export function numberedScheme(current: readonly string[], older: readonly string[], significantParts = 3): VersionScheme {
  return {
    current,
    older,
    wellFormed: (version) => dotted.test(version),
    compare: (a, b) => {
      const left = a.split('.').slice(0, significantParts).map(Number);
      const right = b.split('.').slice(0, significantParts).map(Number);
      for (let i = 0; i < Math.max(left.length, right.length); i += 1) {
        const difference = (left[i] ?? 0) - (right[i] ?? 0);
        if (difference !== 0) return difference;
      }
      return 0;
    },
  };
}
