import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { esbuildOptions } from '#lib/function-bundling.js';
import { entryPath } from '#lib/paths.js';
import { mcpToolNames } from '#test/support/mcp-tool-names.js';

/**
 * The mcp function bundled as deployed (lib/function-bundling.ts: Ajv left out), answering POST /mcp messages in
 * plain Node through its `callMcp` operation, after the dispatch's checks. The messages need no database:
 * `initialize`, `tools/list` and `explain_check`.
 */
let dir: string;
let bundle: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mcp-bundle-'));
  bundle = path.join(dir, 'mcp.mjs');
  await build({ ...esbuildOptions('mcp'), entryPoints: [entryPath('http', 'mcp')], outfile: bundle });
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

type Answer = { status: number; text?: string; headers?: Record<string, string> };
type Tool = { name: string; inputSchema: { type: string }; outputSchema: { type: string } };
type Rpc = { id: number; result: { tools: Tool[]; structuredContent: { id: string }; isError?: boolean } };

/** Each message as its own POST /mcp, through the bundle's operation, in one fresh process. */
function answersOf(messages: readonly object[]): Answer[] {
  const script = `
    const { operations } = await import(process.argv[1]);
    const logger = { error: (message, error) => console.error(message, error) };
    const deps = { config: { publicBaseUrl: 'https://scanner.example.com' }, logger };
    const answers = [];
    for (const body of JSON.parse(process.argv[2])) {
      const headers = { accept: 'application/json, text/event-stream', 'content-type': 'application/json', authorization: 'Bearer ars_test' };
      answers.push(await operations.callMcp({ body, headers, sourceIp: '192.0.2.1', requestId: 'bundle-test' }, deps));
    }
    process.stdout.write(JSON.stringify(answers));`;
  try {
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script, bundle, JSON.stringify(messages)], {
      env: { PATH: process.env.PATH, AWS_REGION: 'eu-west-2', TABLE_NAME: 'readiness', LOG_LEVEL: 'ERROR' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 30_000,
    });
    return JSON.parse(output) as Answer[];
  } catch (error) {
    // Node prints the throwing line of the minified bundle first: only the error and its stack are worth reading.
    const stderr = String((error as { stderr?: string }).stderr ?? error);
    throw new Error(`The bundle failed: ${stderr.slice(stderr.search(/^\w*Error/m))}`);
  }
}

describe('the mcp function as deployed', () => {
  it("carries neither the SDK's Ajv nor zod 3 and its JSON Schema converter: the function uses none, they cost every cold start", async () => {
    const code = await readFile(bundle, 'utf8');
    expect(code).toContain('notifications/initialized');
    // The SDK's bare `ajv` import is the stub; the Ajv a drive judges tool schemas with loads on its first use
    // (shared/scanner/drives/tool-input-schemas.ts), through the package's own imports.
    expect(code).toContain('Left out of the deployed bundles');
    expect(code).not.toContain('"ZodEffects"');
    expect(code).not.toContain('openApi3');
  });

  it("answers initialize, lists every tool with its schemas, and checks a tool call's arguments and answer", () => {
    const [initialized, listed, explained, invalid] = answersOf([
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bundle-test', version: '1' } },
      },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'explain_check', arguments: { checkId: 'llms_txt' } } },
      { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'explain_check', arguments: { checkId: 42 } } },
    ]).map((answer) => ({ status: answer.status, body: JSON.parse(answer.text ?? 'null') as Rpc }));

    expect(initialized).toMatchObject({ status: 200, body: { id: 1, result: { serverInfo: { name: 'agent-readiness-scanner' } } } });
    expect(listed!.status).toBe(200);
    const tools = listed!.body.result.tools;
    expect(tools.map((tool) => tool.name).sort()).toEqual(mcpToolNames);
    for (const tool of tools) expect([tool.inputSchema.type, tool.outputSchema.type], tool.name).toEqual(['object', 'object']);
    expect(explained).toMatchObject({ status: 200, body: { id: 3, result: { structuredContent: { id: 'llms_txt' } } } });
    expect(explained!.body.result.isError).toBeUndefined();
    // The SDK's own check of a tool's arguments (zod 4), as from source.
    expect(invalid).toMatchObject({ status: 200, body: { id: 4, result: { isError: true } } });
    expect(JSON.stringify(invalid!.body.result)).toContain(
      'Invalid arguments for tool explain_check: Invalid input: expected string, received number at checkId',
    );
  });
});
