/**
 * How one agent-facing document is declared (docs/decisions/101-one-registry-of-agent-documents.md): where
 * the standard puts it, how it must be served, how it is read, the inventory entry it fills and the checks
 * that judge it. Gather, the re-check, the signals inventory and the checks' needs all read these
 * declarations, as Lighthouse's gatherers declare their artifacts and its audits their requiredArtifacts.
 */
import type { SignalId } from '#shared/model/scans/scan-result.js';
import type { CheckId } from '#shared/scanner/checks/check-ids.js';
import type { DeclaredVersion, VersionScheme } from '#shared/scanner/parse/well-known/declared-version.js';
import type { Serving } from '#shared/scanner/parse/well-known/serving.js';
import type { MediaRule } from '#shared/scanner/signals/document-status.js';

/** What a reader is told besides the body. */
export interface ReadContext {
  /** How the answer was served (media type, redirects, where it belongs). */
  serving: Serving;
  /** The shop's origin after the homepage's redirects. */
  origin: string;
  /** When the scan started (expiry dates are judged against it). */
  startedAt: number;
}

/** Every read document says whether it is there, whether it is well formed and why not. */
export interface ReadDocument {
  present: boolean;
  valid: boolean;
  problems: string[];
}

export interface AgentDocument<R extends ReadDocument> {
  /** The inventory entry it fills; null for a file only checks read. */
  signal: SignalId | null;
  /** Where the standard puts it on the shop's origin, asked for in the scan's first round. */
  paths: readonly string[];
  /**
   * Paths the standard no longer recommends, still read: a document found only there is judged as usual and
   * its inventory entry says where it belongs now.
   */
  legacyPaths?: { paths: readonly string[]; advice: string };
  /** AI Catalog entry types (`type`, or the older `mediaType`) that point at it: entries followed in the second round. */
  catalogTypes?: readonly string[];
  /** The media types it may be served as; null when its reader judges how it was served. */
  media: MediaRule | null;
  read: (body: string, context: ReadContext) => R;
  /**
   * The versions it knows: `current` (pinned in standards.ts), `older` (still read), anything later or a draft
   * word is newer. Absent for documents that declare no version (their RFC is the version).
   */
  versions?: VersionScheme;
  /** The version a read document declares and where that stands against `versions`. */
  declared?: (document: Extract<R, { present: true }>) => DeclaredVersion;
  /** The checks that read it. */
  checks: readonly CheckId[];
}

/** Declares a document with its reader's type inferred. */
export function agentDocument<R extends ReadDocument>(declaration: AgentDocument<R>): AgentDocument<R> {
  return declaration;
}
