/**
 * The tool-schema judge bundled as the functions are (lib/function-bundling.ts): the bundles replace the bare `ajv`
 * the MCP SDK imports, and the judge still validates with the real Ajv, loaded through the package's own imports.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { esbuildOptions } from '#lib/function-bundling.js';
import { repoRoot } from '#lib/paths.js';
import type { judgeInputSchema } from '#shared/scanner/drives/tool-input-schemas.js';

let dir: string;
let judge: typeof judgeInputSchema;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'schema-judge-'));
  const outfile = path.join(dir, 'judge.mjs');
  const entry = path.join(repoRoot, 'shared', 'scanner', 'drives', 'tool-input-schemas.ts');
  await build({ ...esbuildOptions('mcp'), entryPoints: [entry], outfile });
  ({ judgeInputSchema: judge } = (await import(pathToFileURL(outfile).href)) as { judgeInputSchema: typeof judgeInputSchema });
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the tool-schema judge in a deployed bundle', () => {
  it.each([
    [
      { type: 'object', required: 'query' },
      { inputSchema: 'invalid', problem: 'inputSchema/required must be array' },
    ],
    [
      { type: 'object', properties: { query: { type: 'string' } } },
      { inputSchema: 'valid', problem: null },
    ],
    [
      { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { n: { minimum: 'one' } } },
      { inputSchema: 'invalid', problem: 'inputSchema/properties/n/minimum must be number' },
    ],
    [
      { $schema: 'https://json-schema.org/draft/2019-09/schema', type: 'object' },
      { inputSchema: 'valid', problem: null },
    ],
  ])('judges %j with the real Ajv', async (schema, verdict) => {
    expect(await judge(schema, '2025-11-25')).toEqual(verdict);
  });
});
