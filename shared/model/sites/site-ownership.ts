import { randomBytes } from 'node:crypto';

/**
 * Whether the owner of a watched site has shown they control it, as the search consoles ask: this site's token
 * in a `<meta>` tag of its page or in a file at a well-known path of its origin (docs/decisions/115-site-ownership-proof.md).
 * - `unproven`: never proven (or never checked);
 * - `proven`: the last check read the token;
 * - `lost`: it was proven once, and the last check did not read it.
 */
export type OwnershipStatus = 'unproven' | 'proven' | 'lost';
export type ProofMethod = 'meta' | 'file';

/** The last ownership check of a site, as stored on it. */
export interface OwnershipCheck {
  status: OwnershipStatus;
  method: ProofMethod | null;
  checkedAt: string;
  /** Since when it has been proven without a break; null unless proven. */
  provenAt: string | null;
  /** What the check found, in words an owner can act on. */
  detail: string;
}

export const ownershipMetaName = 'agent-readiness-site-verification';
export const ownershipFilePath = '/.well-known/agent-readiness-site-verification.txt';
/** Tokens are 32 base64url characters (192 random bits); a line of the file is read as a token only in that shape. */
const tokenShape = /^[A-Za-z0-9_-]{32}$/;

export function newOwnershipToken(): string {
  return randomBytes(24).toString('base64url');
}

export function looksLikeOwnershipToken(value: string): boolean {
  return tokenShape.test(value);
}

/** What one place of proof gave: the values found there, nothing there, or no readable answer. */
export type ProofReading =
  | { kind: 'read'; url: string; values: string[] }
  | { kind: 'absent'; url: string; why: string }
  | { kind: 'unreadable'; url: string; why: string };

export type ProofVerdict =
  | { proven: true; method: ProofMethod; detail: string }
  | { proven: false; reason: 'missing' | 'other_token' | 'unreadable'; detail: string };

/**
 * This site's token in either place proves it. A token that is not this site's is named as such (another watched
 * site's, or another account's), so the owner does not take it for a missing one.
 */
export function judgeOwnership(token: string, meta: ProofReading, file: ProofReading): ProofVerdict {
  if (meta.kind === 'read' && meta.values.includes(token))
    return { proven: true, method: 'meta', detail: `The <meta name="${ownershipMetaName}"> tag on ${meta.url} carries this site's token` };
  if (file.kind === 'read' && file.values.includes(token))
    return { proven: true, method: 'file', detail: `${file.url} carries this site's token` };
  const others = [meta, file].filter((reading) => reading.kind === 'read' && reading.values.length > 0);
  if (others.length > 0) {
    const where = others.map((reading) => (reading === meta ? `the <meta name="${ownershipMetaName}"> tag on ${meta.url}` : file.url));
    return {
      proven: false,
      reason: 'other_token',
      detail: `${where.join(' and ')} carr${others.length > 1 ? 'y' : 'ies'} a verification token that is not this site's: each watched site has its own token; add this one`,
    };
  }
  if (meta.kind === 'unreadable' && file.kind === 'unreadable')
    return { proven: false, reason: 'unreadable', detail: `Neither ${meta.url} (${meta.why}) nor ${file.url} (${file.why}) could be read` };
  return {
    proven: false,
    reason: 'missing',
    detail: `No token: ${meta.url} has no <meta name="${ownershipMetaName}"> tag${meta.kind === 'read' ? '' : ` (${meta.why})`}, and ${file.url} has none (${file.kind === 'read' ? 'no line is a token' : file.why})`,
  };
}

/** The site's ownership after a check: proven only on what this check read; a proof that is not read again is lost. */
export function nextOwnership(previous: OwnershipCheck | null, verdict: ProofVerdict, checkedAt: string): OwnershipCheck {
  if (verdict.proven) {
    const provenAt = previous?.status === 'proven' && previous.provenAt ? previous.provenAt : checkedAt;
    return { status: 'proven', method: verdict.method, checkedAt, provenAt, detail: verdict.detail };
  }
  const status = previous && previous.status !== 'unproven' ? 'lost' : 'unproven';
  return { status, method: null, checkedAt, provenAt: null, detail: verdict.detail };
}
