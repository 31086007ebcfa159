/**
 * The Web Bot Auth key has a secret of its own (docs/decisions/097-web-bot-auth-key-of-its-own.md): the
 * directory the meta function serves lists every key of that secret, each with its own proof; scans
 * sign with `current` alone; the key pepper plays no part.
 */
import { createHash, createPublicKey, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#shared/config.js';
import { routes } from '#shared/http/routes.js';
import { deriveSigningKey, signRequest, type Ed25519PublicJwk } from '#shared/outbound/web-bot-auth/index.js';
import { scanRunOptions } from '#shared/use-cases/scans.js';
import { callRoute, unitDependencies } from '#test/unit/http/call-route.js';

const oldMaterial = 'old-key-material-'.repeat(3);
const newMaterial = 'new-key-material-'.repeat(3);
const oldKey = deriveSigningKey(oldMaterial);
const newKey = deriveSigningKey(newMaterial);

const depsWith = (secret: Record<string, string>, pepper = 'unit-pepper-'.repeat(4)) =>
  unitDependencies({
    config: loadConfig({ WEB_BOT_AUTH_KEY: JSON.stringify(secret), KEY_PEPPER: pepper }),
    keyPepper: async () => pepper,
  });

/** The `label=value` members of a dictionary header, in order. */
function members(header: string): Array<[string, string]> {
  return header.split(/, (?=[a-z0-9]+=)/).map((member) => {
    const at = member.indexOf('=');
    return [member.slice(0, at), member.slice(at + 1)];
  });
}

function verifiesWith(jwk: Ed25519PublicJwk, base: string, signature: string): boolean {
  const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' });
  return verify(null, Buffer.from(base, 'utf8'), publicKey, Buffer.from(/^:(.*):$/.exec(signature)![1]!, 'base64'));
}

/** The directory as a verifier reads it: its keys, and which of them each proof verifies with (an RFC 9421 base built here). */
async function directoryOf(deps: ReturnType<typeof depsWith>) {
  const response = await callRoute(routes.getSignatureDirectory, {}, deps);
  expect(response.statusCode).toBe(200);
  const headers = response.headers as Record<string, string>;
  const keys = (JSON.parse(response.body!) as { keys: Ed25519PublicJwk[] }).keys;
  expect(headers['content-digest']).toBe(`sha-256=:${createHash('sha256').update(response.body!).digest('base64')}:`);
  const signatures = new Map(members(headers.signature!));
  const proofs = members(headers['signature-input']!).map(([label, input]) => {
    const keyId = /;keyid="([^"]+)"/.exec(input)![1]!;
    const base = `"@authority";req: localhost:3000\n"content-digest": ${headers['content-digest']}\n"@signature-params": ${input}`;
    const jwk = keys.find((key) => key.kid === keyId)!;
    return { label, keyId, verifies: verifiesWith(jwk, base, signatures.get(label)!) };
  });
  return { body: response.body!, keys, proofs };
}

describe('rotating the Web Bot Auth key', () => {
  it('serves the new and the previous key during a rotation, each proven by its own signature', async () => {
    const { keys, proofs } = await directoryOf(depsWith({ current: newMaterial, previous: oldMaterial }));
    expect(keys).toEqual([newKey.publicJwk, oldKey.publicJwk]);
    expect(proofs).toEqual([
      { label: 'binding', keyId: newKey.keyId, verifies: true },
      { label: 'binding2', keyId: oldKey.keyId, verifies: true },
    ]);
  });

  it('publishes the next key beside the current one before scans sign with it, and one key outside a rotation', async () => {
    expect((await directoryOf(depsWith({ current: oldMaterial, next: newMaterial }))).keys).toEqual([oldKey.publicJwk, newKey.publicJwk]);
    const alone = await directoryOf(depsWith({ current: newMaterial }));
    expect(alone.keys).toEqual([newKey.publicJwk]);
    expect(alone.proofs).toEqual([{ label: 'binding', keyId: newKey.keyId, verifies: true }]);
  });

  it('signs scan requests with the new key only: they verify with it and not with the previous one', async () => {
    const deps = depsWith({ current: newMaterial, previous: oldMaterial });
    const { webBotAuth } = await scanRunOptions('free', deps, Date.now());
    expect(webBotAuth?.key.keyId).toBe(newKey.keyId);
    const url = new URL('https://shop.example/');
    const headers = signRequest(url, 'GET', webBotAuth!, Date.now());
    const [[, input]] = members(headers['signature-input']) as [[string, string]];
    expect(input).toContain(`keyid="${newKey.keyId}"`);
    const base = [
      '"@authority": shop.example',
      '"@method": GET',
      '"@path": /',
      `"signature-agent";key="sig1": ${members(headers['signature-agent'])[0]![1]}`,
      `"@signature-params": ${input}`,
    ].join('\n');
    const [[, signature]] = members(headers.signature) as [[string, string]];
    expect(verifiesWith(newKey.publicJwk, base, signature)).toBe(true);
    expect(verifiesWith(oldKey.publicJwk, base, signature)).toBe(false);
  });

  it('keeps the same key when the key pepper changes', async () => {
    const secret = { current: newMaterial };
    const first = await directoryOf(depsWith(secret, 'first-pepper-'.repeat(3)));
    const second = await directoryOf(depsWith(secret, 'second-pepper-'.repeat(3)));
    expect(second.keys).toEqual(first.keys);
    expect(first.keys).toEqual([newKey.publicJwk]);
  });

  it('refuses a secret value that is not the key set, without quoting it', async () => {
    for (const value of ['plain-material-without-json-0123456789', '{"current":"short"}', `{"current":"${newMaterial}","old":"x"}`]) {
      const deps = unitDependencies({ config: loadConfig({ WEB_BOT_AUTH_KEY: value }) });
      const failure = await deps.webBotAuthKey!().then(
        () => null,
        (error: Error) => error.message,
      );
      expect(failure, value).toMatch(/^No usable Web Bot Auth key \(WEB_BOT_AUTH_KEY or WEB_BOT_AUTH_KEY_SECRET_ARN\): /);
      expect(failure).not.toContain('plain-material');
    }
  });
});
