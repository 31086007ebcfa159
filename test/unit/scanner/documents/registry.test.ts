import { describe, expect, it } from 'vitest';
import { signalIds } from '#shared/model/scans/scan-result.js';
import { checkIds } from '#shared/scanner/checks/check-ids.js';
import { documentNames, documentOf } from '#shared/scanner/documents/registry.js';
import { declaredVersion } from '#shared/scanner/parse/well-known/declared-version.js';
import { STANDARDS } from '#shared/scanner/standards.js';

const pinned = new Set<string>(Object.values(STANDARDS).map((standard) => standard.version));

describe('the registry of agent-facing documents', () => {
  it('gives every document a place to be found and the checks that read it', () => {
    for (const name of documentNames) {
      const document = documentOf(name);
      const places = [...document.paths, ...(document.legacyPaths?.paths ?? []), ...(document.catalogTypes ?? [])];
      expect(places.length, name).toBeGreaterThan(0);
      for (const path of [...document.paths, ...(document.legacyPaths?.paths ?? [])]) expect(path, name).toMatch(/^\/[\w./-]+$/);
      expect(document.checks.length, name).toBeGreaterThan(0);
      for (const check of document.checks) expect(checkIds, name).toContain(check);
    }
  });

  it('fills each inventory entry of a document from one declaration', () => {
    const signals = documentNames.map((name) => documentOf(name).signal).filter((signal) => signal !== null);
    expect(new Set(signals).size).toBe(signals.length);
    for (const signal of signals) expect(signalIds).toContain(signal);
  });

  it('pins the current version of every versioned document in standards.ts, and calls it current', () => {
    for (const name of documentNames) {
      const { versions, declared } = documentOf(name);
      expect(versions === undefined, `${name}: versions and declared go together`).toBe(declared === undefined);
      if (!versions) continue;
      for (const version of versions.current) {
        expect(
          [...pinned].some((standard) => standard === version || standard.endsWith(` ${version}`)),
          `${name} ${version}`,
        ).toBe(true);
        expect(declaredVersion(version, versions).standing, `${name} ${version}`).toBe('current');
      }
      for (const version of versions.older) expect(declaredVersion(version, versions).standing, `${name} ${version}`).toBe('older');
    }
  });
});
