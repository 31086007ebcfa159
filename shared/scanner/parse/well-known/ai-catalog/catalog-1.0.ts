/**
 * AI Catalog 1.0 (Agent-Card/ai-catalog https://github.com/Agent-Card/ai-catalog/blob/main/specification/ai-catalog.md, "CDDL Schema" and the member
 * definitions): the structure of a catalog, its host, entries, publishers and trust manifests. Members
 * the spec does not define are allowed (consumers MUST ignore unrecognized fields). The rules across
 * members (exactly one of url or data, unique identifiers, subject binding...) are in `catalog-rules.ts`.
 *
 * Both spellings of the specification that kept `specVersion` "1.0" are read: an entry's `type` (the
 * current name) or `mediaType` (its earlier name); a single `trustManifest` with `identity` (earlier) or
 * `trustManifests[]` with `contributor` (later); a catalog `signature` as a JWS string or an object.
 */

import { z } from 'zod';
import { builtOnFirstUse } from '../built-on-first-use.js';
import { list, map, object, text } from '../schema-words.js';
import { isRfc3339 } from './formats.js';

/** Every schema of the catalog, built together when a catalog is first judged: most shops serve none. */
const schemas = builtOnFirstUse(() => {
  const timestamp = (hint: string) => text(hint).refine(isRfc3339, { error: 'must be an RFC 3339 date-time such as 2026-03-15T10:00:00Z' });
  const filled = (hint: string) => text(hint, { min: 1 });
  const extensions = map(z.unknown(), 'extension data keyed by a URL or reverse-DNS name');

  const trustSchema = object(
    {
      identifier: filled('the trust schema identifier'),
      version: filled('the trust schema version'),
      governanceUri: text('the governance policy URI').optional(),
      verificationMethods: list(text('a method such as did'), 'verification methods').optional(),
    },
    'a trust schema: {"identifier": "...", "version": "1.0"}',
  );

  const attestation = object(
    {
      type: filled('the attestation type, such as SOC2-Type2'),
      uri: filled('where the attestation document is'),
      digest: text('the document digest').optional(),
      size: z.number({ error: 'must be a number of bytes' }).int({ error: 'must be a whole number of bytes' }).nonnegative().optional(),
      description: text('a label').optional(),
    },
    'an attestation: {"type": "...", "uri": "https://..."}',
  );

  const provenanceLink = object(
    {
      relation: filled('the relation, such as publishedFrom'),
      sourceId: filled('the source identifier'),
      sourceDigest: text('the source digest').optional(),
      registryUri: text('the registry URI').optional(),
      statementUri: text('the provenance statement URI').optional(),
      signatureRef: text('the signing key reference').optional(),
    },
    'a provenance link: {"relation": "publishedFrom", "sourceId": "..."}',
  );

  const subject = object(
    {
      identifier: filled("the artifact's identifier (the entry's)"),
      type: filled("the artifact's media type (the entry's type)"),
      digest: text('the artifact digest, such as sha256:...').optional(),
      url: text("the artifact's URL (the entry's url)").optional(),
      version: text("the artifact's version (the entry's)").optional(),
    },
    'the subject the manifest is bound to: {"identifier", "type", "digest"}',
  );

  const signatureObject = object(
    {
      signer: filled('who signed'),
      profile: filled('the signature profile, such as did-web-v1'),
      issuedAt: timestamp('when it was signed'),
      expiresAt: timestamp('when it expires').optional(),
      jws: filled('the detached JWS'),
    },
    'a signature: {"signer", "profile", "issuedAt", "jws"}',
  );

  const trustMembers = {
    trustSchema: trustSchema.optional(),
    attestations: list(attestation, 'attestations').optional(),
    provenance: list(provenanceLink, 'provenance links').optional(),
    subject: subject.optional(),
    extensions: extensions.optional(),
  };

  /** The earlier single `trustManifest`: an `identity`, substantive trust members, a JWS `signature` string. */
  const trustManifest = object(
    {
      identity: filled("the artifact's identity URI, such as did:web:shop.example"),
      identityType: text('the identity type, such as did').optional(),
      privacyPolicyUrl: text('the privacy policy URL').optional(),
      termsOfServiceUrl: text('the terms of service URL').optional(),
      issuedAt: timestamp('when the manifest was signed').optional(),
      expiresAt: timestamp('when the manifest expires').optional(),
      signature: filled('the detached JWS over the manifest').optional(),
      ...trustMembers,
    },
    'a trust manifest: {"identity": "...", ...}',
  );

  /** The later `trustManifests[]` entry: a `contributor` and a signature object. */
  const contributorManifest = object(
    { contributor: filled('the contributor URI, such as did:web:shop.example'), signature: signatureObject.optional(), ...trustMembers },
    'a trust manifest: {"contributor": "did:web:...", ...}',
  );

  const publisher = object(
    {
      identifier: filled("the publisher's identifier, such as did:web:shop.example"),
      displayName: filled("the publisher's name"),
      identityType: text('the identifier type, such as did').optional(),
    },
    'a publisher: {"identifier": "...", "displayName": "..."}',
  );

  const entry = object(
    {
      identifier: filled('a unique identifier such as urn:air:shop.example:mcp:store'),
      type: filled("the artifact's media type, such as application/mcp-server-card+json").optional(),
      mediaType: filled("the artifact's media type (now named type)").optional(),
      url: filled('where the artifact is').optional(),
      data: z.unknown().optional(),
      displayName: text('a display name').optional(),
      description: text('a short description').optional(),
      tags: list(text('a keyword'), 'keywords').optional(),
      version: text("the artifact's version").optional(),
      updatedAt: timestamp('when the entry last changed').optional(),
      publisher: publisher.optional(),
      digest: text('the artifact digest, such as sha256:...').optional(),
      trustManifest: trustManifest.optional(),
      trustManifests: list(contributorManifest, 'trust manifests').optional(),
      extensions: extensions.optional(),
    },
    'an entry: {"identifier": "...", "type": "...", "url": "https://..."}',
  );

  const host = object(
    {
      displayName: filled("the catalog operator's name"),
      identifier: text("the operator's identifier, such as did:web:shop.example").optional(),
      documentationUrl: text('the documentation URL').optional(),
      logoUrl: text('the logo URL').optional(),
      trustManifest: trustManifest.optional(),
    },
    'the host: {"displayName": "..."}',
  );

  const catalog = z.looseObject({
    specVersion: text('the specification version, such as 1.0'),
    entries: list(z.unknown(), 'the entries (the list may be empty)'),
    host: host.optional(),
    signature: z
      .union([filled('a detached JWS over the catalog'), signatureObject], { error: 'must be a detached JWS or a signature object' })
      .optional(),
    extensions: extensions.optional(),
  });
  return { catalog, entry, subject, trustManifest };
});

export const catalog = () => schemas().catalog;
export const entry = () => schemas().entry;
export const subject = () => schemas().subject;
export const trustManifest = () => schemas().trustManifest;

export type TrustManifest = z.infer<ReturnType<typeof trustManifest>>;
export type Entry = z.infer<ReturnType<typeof entry>>;
