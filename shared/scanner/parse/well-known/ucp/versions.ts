/**
 * Which rules judge a profile: the version it declares in `ucp.version`. The pinned version is judged by its
 * own rules; an older one by the rules of the newest still-read release on or before its date (2026-01-23,
 * 2026-01-11; an earlier date by the oldest), with a warning to upgrade; a later date or `draft` (or an older
 * date on a draft-shaped document) by the draft's; no version, or one not in YYYY-MM-DD form, by the pinned
 * version's rules, which refuse it.
 */

import { STILL_READ, versionOf } from '#shared/scanner/standards.js';
import { dateScheme, type DeclaredVersion, type VersionStanding } from '../declared-version.js';
import type { UcpRules } from './ucp-rules.js';
import { ucpDraftRules } from './draft.js';
import { ucpRules20260111 } from './v2026-01-11.js';
import { ucpOlderRules } from './v2026-01-23.js';
import { ucpCurrentRules } from './v2026-04-08.js';

export const ucpVersions = dateScheme([versionOf('ucp')], STILL_READ.ucp, ucpDraftRules.versionWords);

/**
 * An older date on a document shaped by the draft (its top-level `keys` JWK Set instead of `signing_keys`, or
 * `ucp.map_order`, neither defined before the draft) is the draft's: its examples and scaffolds carry
 * placeholder dates such as 2026-01-01. It stands as newer and is judged by the draft's rules.
 */
export function standingOf(declared: DeclaredVersion, document: Record<string, unknown>, root: Record<string, unknown>): VersionStanding {
  if (declared.standing !== 'older') return declared.standing;
  const draftKeys = Array.isArray(document.keys) && document.signing_keys === undefined;
  return draftKeys || root.map_order !== undefined ? 'newer' : 'older';
}

/** The still-read releases' rules, newest first. */
const OLDER_RULES = [ucpOlderRules, ucpRules20260111];

export function rulesFor({ version, standing }: DeclaredVersion): UcpRules {
  if (standing === 'older') return OLDER_RULES.find((rules) => (version ?? '') >= rules.label) ?? ucpRules20260111;
  if (standing === 'newer') return ucpDraftRules;
  return ucpCurrentRules;
}
