import { deriveSigningKey, type WebBotAuthKey } from './signing-key.js';

/** The scanner's Web Bot Auth keys: it signs with `signing`; its directory publishes `published`, `signing` first. */
export interface WebBotAuthKeys {
  signing: WebBotAuthKey;
  published: WebBotAuthKey[];
}

/**
 * The members of the key secret's JSON value (docs/decisions/097-web-bot-auth-key-of-its-own.md), each
 * key material the key is derived from: `current` signs and is published; `next` (about to sign) and
 * `previous` (signed until the last rotation) are published only, so a rotation never leaves a signature
 * that the directory does not list.
 */
const members = ['current', 'next', 'previous'] as const;
type Member = (typeof members)[number];

const minimumLength = 32;

/** What is wrong with a key secret's value (never quoting it), or null. */
export function keySecretProblem(value: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return `it is not JSON: it must be {"current": "<at least ${minimumLength} characters>"}, with "next" and "previous" during a rotation`;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return 'it is not a JSON object';
  const unknown = Object.keys(parsed).filter((name) => !(members as readonly string[]).includes(name));
  if (unknown.length > 0) return `it has ${unknown.map((name) => JSON.stringify(name)).join(', ')}: only "current", "next" and "previous"`;
  for (const member of members) {
    const material = (parsed as Partial<Record<Member, unknown>>)[member];
    if (material === undefined && member !== 'current') continue;
    if (typeof material !== 'string' || material.length < minimumLength)
      return `its "${member}" must be a string of at least ${minimumLength} characters`;
  }
  return null;
}

/** The keys a secret value names: `current` signs; the directory lists current, next and previous (each once). */
export function keysFromSecret(value: string): WebBotAuthKeys {
  const problem = keySecretProblem(value);
  if (problem !== null) throw new Error(`Not a Web Bot Auth key secret: ${problem}`);
  const materials = JSON.parse(value) as Partial<Record<Member, string>> & { current: string };
  const signing = deriveSigningKey(materials.current);
  const published = [signing];
  for (const material of [materials.next, materials.previous]) {
    if (material === undefined) continue;
    const key = deriveSigningKey(material);
    if (!published.some((known) => known.keyId === key.keyId)) published.push(key);
  }
  return { signing, published };
}
