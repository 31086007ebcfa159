/**
 * The signing keys a profile publishes, and whether an agent can verify UCP signatures with each
 * (ucp.dev/specification/signatures: ES256 every verifier supports, ES384 optional; the draft adds EdDSA on
 * OKP Ed25519 keys). Keys are read from the member the version's rules name (`signing_keys`, or the draft's
 * `keys`), else from wherever else the profile put them, with a warning that agents will not look there.
 */

import { arrayOrEmpty, isRecord } from '../json-body.js';
import { PRIVATE_MEMBERS } from './key-schemas.js';
import type { SignatureAlgorithm, UcpRules } from './ucp-rules.js';

export interface UcpSigningKey {
  kid: string | null;
  kty: string | null;
  alg: string | null;
  /** Why an agent cannot verify signatures with it; null when it can. */
  problem: string | null;
}

export interface SigningKeysRead {
  /** Null when the profile publishes none anywhere. */
  keys: UcpSigningKey[] | null;
  warnings: string[];
}

const OTHER_MEMBER = { signing_keys: 'keys', keys: 'signing_keys' } as const;

export function readSigningKeys(document: Record<string, unknown>, root: Record<string, unknown>, rules: UcpRules): SigningKeysRead {
  const member = rules.keysMember;
  const elsewhere: [string, unknown][] = [
    [OTHER_MEMBER[member], document[OTHER_MEMBER[member]]],
    [`ucp.${member}`, root === document ? undefined : root[member]],
  ];
  const found = document[member] !== undefined ? null : elsewhere.find(([, value]) => value !== undefined);
  const value = found ? found[1] : document[member];
  const keys = value === undefined ? null : keyList(value).map((entry) => readSigningKey(entry, rules.signatureAlgorithms));
  const moved = found
    ? [`signing keys are published in ${found[0]}, but UCP ${rules.label} agents read ${member}: publish them there`]
    : [];
  return { keys, warnings: [...moved, ...usabilityWarnings(keys, member)] };
}

/** A list of keys, or a JWK Set object holding one. */
function keyList(value: unknown): unknown[] {
  const keys = isRecord(value) && Array.isArray(value.keys) ? value.keys : value;
  return arrayOrEmpty(keys);
}

function readSigningKey(entry: unknown, algorithms: readonly SignatureAlgorithm[]): UcpSigningKey {
  if (!isRecord(entry)) return { kid: null, kty: null, alg: null, problem: 'not a JWK object' };
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  const key = { kid: text(entry.kid), kty: text(entry.kty), alg: text(entry.alg) };
  return { ...key, problem: keyProblem(entry, key, text(entry.crv), algorithms) };
}

function keyProblem(
  entry: Record<string, unknown>,
  { kid, kty, alg }: Omit<UcpSigningKey, 'problem'>,
  crv: string | null,
  algorithms: readonly SignatureAlgorithm[],
): string | null {
  if (kid === null) return 'no kid';
  if (kty === null) return 'no kty';
  const secrets = PRIVATE_MEMBERS.filter((member) => member in entry);
  if (secrets.length > 0) return `publishes private key material (${secrets.join(', ')})`;
  if (entry.use !== undefined && entry.use !== 'sig') return `use is ${JSON.stringify(entry.use)}, not sig`;
  const forType = algorithms.filter((candidate) => candidate.kty === kty);
  if (forType.length === 0) return `kty ${kty}: UCP signatures ${keyTypes(algorithms)}`;
  const named = alg === null ? undefined : algorithms.find((candidate) => candidate.alg === alg);
  if (alg !== null && named === undefined)
    return `alg ${alg} is not a UCP signature algorithm (${algorithms.map((a) => a.alg).join(', ')})`;
  const curve = crv ?? named?.crv ?? null;
  if (curve === null || !forType.some((candidate) => candidate.crv === curve))
    return `curve ${crv ?? 'missing'} (${forType.map((a) => a.crv).join(' or ')} expected)`;
  if (named && named.crv !== curve) return `alg ${named.alg} does not match curve ${curve}`;
  const coordinates = kty === 'EC' ? ['x', 'y'] : ['x'];
  if (coordinates.some((member) => typeof entry[member] !== 'string' || entry[member] === ''))
    return `${kty} key without ${coordinates.join(' and ')}`;
  return null;
}

function keyTypes(algorithms: readonly SignatureAlgorithm[]): string {
  const types = [...new Set(algorithms.map((a) => a.kty))];
  return types.length === 1 && types[0] === 'EC' ? 'are ECDSA (EC keys)' : `use ${types.join(' or ')} keys`;
}

function usabilityWarnings(keys: UcpSigningKey[] | null, member: string): string[] {
  if (keys === null) return [`${member} is missing: agents cannot verify signed checkout messages and webhooks`];
  if (keys.length === 0) return [`${member} is empty: agents cannot verify signed checkout messages and webhooks`];
  const unusable = keys.filter((key) => key.problem !== null);
  const lines = unusable.map((key) => `signing key ${key.kid ?? '(no kid)'}: ${key.problem ?? ''}`);
  if (unusable.length === keys.length) lines.push('no usable signing key (EC P-256/ES256 expected)');
  return lines;
}
