/**
 * The AI Catalog's rules across members, which a per-object schema cannot state: an entry's identifier
 * and version unique in its catalog, a trust manifest substantive and bound to its entry (subject,
 * `urn:air` publisher domain), extension keys namespaced, digests and timestamps well formed. As the
 * specification states them (Agent-Card/ai-catalog https://github.com/Agent-Card/ai-catalog/blob/main/specification/ai-catalog.md: Multi-Version Entries,
 * Trust Manifest, Subject Binding, Extensions) and as its Go and Rust SDKs check them.
 */

import { isRecord } from '../json-body.js';
import { digestProblem, forbiddenJwsAlgorithm, isExtensionKey } from './formats.js';

export interface Findings {
  problems: string[];
  warnings: string[];
}

/** Keys of an `extensions` map that are neither a URL nor a reverse-DNS name. */
export function extensionKeyProblems(extensions: unknown, at: string): string[] {
  if (!isRecord(extensions)) return [];
  return Object.keys(extensions)
    .filter((key) => !isExtensionKey(key))
    .map((key) => `${at}: key "${key.slice(0, 40)}" must be a URL or a reverse-DNS name such as com.example.region`);
}

/** `identifier` alone unique, or `identifier` + `version` when versioned; not both forms for one identifier. */
export function uniquenessProblems(entries: unknown[], at: string): string[] {
  const versioned = new Set<string>();
  const versionedIds = new Set<string>();
  const unversioned = new Set<string>();
  const problems: string[] = [];
  entries.forEach((entry, index) => {
    if (!isRecord(entry) || typeof entry.identifier !== 'string') return;
    const id = entry.identifier;
    const path = `${at}entries.${index}`;
    const shown = id.slice(0, 60);
    if (typeof entry.version === 'string' && entry.version !== '') {
      const key = JSON.stringify([id, entry.version]);
      if (unversioned.has(id)) problems.push(`${path}.version: "${shown}" is also listed without a version: version every entry of it`);
      if (versioned.has(key)) problems.push(`${path}: "${shown}" version ${entry.version.slice(0, 20)} is listed twice`);
      versioned.add(key);
      versionedIds.add(id);
    } else {
      if (unversioned.has(id) || versionedIds.has(id)) {
        problems.push(`${path}.identifier: "${shown}" is listed twice: give each entry its own identifier, or a version`);
      }
      unversioned.add(id);
    }
  });
  return problems;
}

/** The lowercased `{publisher}` of a `urn:air:{publisher}:{namespace}:{name}` identifier. */
function publisherDomain(identifier: string): string | null {
  if (!/^urn:air:/i.test(identifier)) return null;
  return identifier.slice('urn:air:'.length).split(':')[0]?.toLowerCase() || null;
}

/** The domain of an identity URI: `urn:air`, `did:web` or an authority (`spiffe://`, `https://`). */
function identityDomain(identity: string): string | null {
  const id = identity.trim();
  if (/^urn:air:/i.test(id)) return publisherDomain(id);
  if (/^did:web:/i.test(id)) return id.slice('did:web:'.length).split(':')[0]?.split(/%3a/i)[0]?.toLowerCase() || null;
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(id)?.[1];
  if (authority === undefined) return null;
  const host = authority.slice(authority.lastIndexOf('@') + 1).replace(/:\d*$/, '');
  return host.toLowerCase() || null;
}

interface EntryFacts {
  identifier: unknown;
  type: unknown;
  url: unknown;
  version: unknown;
}

/** The earlier single `trustManifest` (on an entry, or on the host when `entry` is null). */
export function trustManifestFindings(manifest: Record<string, unknown>, entry: EntryFacts | null, at: string, now: Date): Findings {
  const problems: string[] = [];
  const warnings: string[] = [];
  const signed = typeof manifest.signature === 'string' && manifest.signature !== '';
  const subject = isRecord(manifest.subject) ? manifest.subject : null;
  const substantive =
    (signed && subject !== null && manifest.issuedAt !== undefined) ||
    nonEmptyList(manifest.attestations) ||
    nonEmptyList(manifest.provenance) ||
    manifest.trustSchema !== undefined;
  if (!substantive) {
    problems.push(
      `${at}: carries no trust evidence (a signature with subject and issuedAt, attestations, provenance or a trustSchema): add one or omit it`,
    );
  }
  if (signed) {
    if (manifest.subject === undefined) problems.push(`${at}.subject: missing: a signed manifest names the artifact it is bound to`);
    if (manifest.issuedAt === undefined) problems.push(`${at}.issuedAt: missing: a signed manifest says when it was signed`);
    problems.push(...jwsProblems(manifest.signature, `${at}.signature`));
  }
  if (typeof manifest.expiresAt === 'string' && Date.parse(manifest.expiresAt) < now.getTime()) {
    warnings.push(`${at}.expiresAt: expired on ${manifest.expiresAt.slice(0, 40)}: agents should reject it`);
  }
  problems.push(...extensionKeyProblems(manifest.extensions, `${at}.extensions`));
  if (subject !== null) problems.push(...subjectProblems(subject, entry, signed, `${at}.subject`));
  if (entry !== null && typeof entry.identifier === 'string' && typeof manifest.identity === 'string' && manifest.identity !== '') {
    const publisher = publisherDomain(entry.identifier);
    if (publisher !== null && identityDomain(manifest.identity) !== publisher) {
      problems.push(
        `${at}.identity: its domain does not match ${publisher.slice(0, 60)}, the publisher the entry's urn:air identifier names`,
      );
    }
  }
  return { problems, warnings };
}

/** The later `trustManifests[]`: namespaced extensions, a bound subject, a signature that has not expired. */
export function contributorManifestFindings(manifest: Record<string, unknown>, entry: EntryFacts, at: string, now: Date): Findings {
  const problems = extensionKeyProblems(manifest.extensions, `${at}.extensions`);
  const warnings: string[] = [];
  const signature = isRecord(manifest.signature) ? manifest.signature : null;
  if (isRecord(manifest.subject)) problems.push(...subjectProblems(manifest.subject, entry, signature !== null, `${at}.subject`));
  if (signature !== null) {
    problems.push(...jwsProblems(signature.jws, `${at}.signature.jws`));
    if (typeof signature.expiresAt === 'string' && Date.parse(signature.expiresAt) < now.getTime()) {
      warnings.push(`${at}.signature.expiresAt: expired on ${signature.expiresAt.slice(0, 40)}: agents should reject it`);
    }
  }
  return { problems, warnings };
}

/** A subject restates its entry's identifier, type, url and version so that the signature covers them. */
function subjectProblems(subject: Record<string, unknown>, entry: EntryFacts | null, signed: boolean, at: string): string[] {
  const problems: string[] = [];
  if (typeof subject.digest === 'string') {
    const problem = digestProblem(subject.digest);
    if (problem !== null) problems.push(`${at}.digest: ${problem}`);
  } else if (subject.url === undefined) {
    problems.push(`${at}.digest: missing: the artifact digest, such as sha256:...`);
  }
  if (entry === null) return problems;
  for (const member of ['identifier', 'type'] as const) {
    if (typeof subject[member] === 'string' && typeof entry[member] === 'string' && subject[member] !== entry[member]) {
      problems.push(`${at}.${member}: must equal the entry's ${member}`);
    }
  }
  if (subject.url !== undefined && subject.url !== entry.url) problems.push(`${at}.url: must equal the entry's url`);
  if (signed && subject.version !== entry.version) {
    problems.push(`${at}.version: must equal the entry's version (both absent or both the same)`);
  }
  return problems;
}

/** A detached JWS whose header names an algorithm that cannot establish trust. */
export function jwsProblems(jws: unknown, at: string): string[] {
  const forbidden = typeof jws === 'string' ? forbiddenJwsAlgorithm(jws) : null;
  return forbidden === null
    ? []
    : [`${at}: algorithm ${forbidden} cannot be trusted: sign with ES256, ES384, EdDSA, PS256, PS384 or RS256`];
}

export function digestFindings(digest: unknown, at: string): string[] {
  if (typeof digest !== 'string') return [];
  const problem = digestProblem(digest);
  return problem === null ? [] : [`${at}: ${problem}`];
}

function nonEmptyList(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0;
}
