import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { buildApp } from './support/readiness-app.js';

describe('synthesis leaves nothing behind', () => {
  it('writes its cdk.out folders into the run folder that the infra project removes at the end', () => {
    const runFolder = process.env.READINESS_INFRA_TMP;
    expect(runFolder).toBeTruthy();
    expect(tmpdir()).toBe(runFolder);
    const cdkOutFolders = (): string[] => readdirSync(runFolder!).filter((name) => name.startsWith('cdk.out'));
    // Other infra processes remove their own folders when they exit, so the count can fall meanwhile: look for a new name.
    const before = new Set(cdkOutFolders());
    buildApp(); // Template.fromStack synthesises into a fresh cdk.out folder
    expect(cdkOutFolders().filter((name) => !before.has(name)).length).toBeGreaterThan(0);
  });
});
