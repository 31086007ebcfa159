import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliChildEnv } from '#test/support/cli-child-env.js';
import { mcpToolNames } from '#test/support/mcp-tool-names.js';
import { mcpToolNames as catalogue } from '#shared/model/mcp-tools.js';
import { textOf } from '#test/support/mcp-tool-text.js';
import { buildCli } from '#bin/build-cli.js';
import { allChecks } from '#shared/scanner/checks/index.js';
import { checkExplanations } from '#shared/scanner/checks/check-explanations.js';
import { scanSummaryOutput } from '#shared/mcp/tool-schemas.js';
import { needsServiceMessage } from '#bin/cli/mcp-local-tools.js';
import { startShop, type RunningShop } from '#test/fixtures/shop-server.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
let buildDir: string;
let shop: RunningShop;
let client: Client;
let stderr = '';

// The spawned server gets only what it needs: no npm variables, no service, loopback scans allowed.
const serverEnv = cliChildEnv();

beforeAll(async () => {
  buildDir = await mkdtemp(path.join(tmpdir(), 'mcp-cli-'));
  const cli = await buildCli(path.join(buildDir, 'scan.mjs'));
  shop = await startShop('agent-ready');
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cli, 'mcp'],
    cwd: repoRoot,
    env: { ...serverEnv, ALLOW_PRIVATE_TARGETS: '127.0.0.1' },
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  client = new Client({ name: 'mcp-stdio-test', version: '1.0.0' });
  await client.connect(transport);
}, 60_000);

afterAll(async () => {
  await client?.close();
  await shop?.close();
  await rm(buildDir, { recursive: true, force: true });
});

describe('npx agent-readiness-scan mcp (stdio, no service)', () => {
  it('lists the seven tools, each with an input and an output schema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(mcpToolNames);
    // The catalogue the API reference lists is what the server serves, in its order.
    expect(tools.map((tool) => tool.name)).toEqual([...catalogue]);
    for (const tool of tools) {
      expect(tool.inputSchema.type, tool.name).toBe('object');
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect(tool.description, tool.name).toBeTruthy();
    }
    const scanSite = tools.find((tool) => tool.name === 'scan_site')!;
    expect(scanSite.inputSchema.required).toEqual(['url']);
    expect(Object.keys(scanSite.inputSchema.properties ?? {}).sort()).toEqual(['tier', 'url']);
    expect(scanSite.outputSchema?.required).toEqual(
      expect.arrayContaining(['id', 'score', 'band', 'dimensions', 'checks', 'topFixes', 'assistants']),
    );
    // Only JSON-RPC on stdout: the client read every answer; the greeting went to stderr.
    expect(stderr).toContain('MCP server on stdio, scanning from this machine');
  });

  it('explains a check from the rubric, and refuses an unknown one with a message', async () => {
    const result = await client.callTool({ name: 'explain_check', arguments: { checkId: 'offer_core' } });
    expect(result.isError).toBeFalsy();
    const check = allChecks.find((candidate) => candidate.id === 'offer_core')!;
    expect(result.structuredContent).toEqual({
      id: 'offer_core',
      title: check.title,
      dimension: 'product_data',
      points: check.points,
      ...checkExplanations.offer_core,
    });
    expect(textOf(result)).toContain('offer_core (product_data, 6 points)');
    const unknown = await client.callTool({ name: 'explain_check', arguments: { checkId: 'no_such_check' } });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toMatch(/^Unknown check: no_such_check; the checks are robots_ai_agents, /);
  });

  it('scans a loopback shop and reads the result back in the same session', async () => {
    const scanned = await client.callTool({ name: 'scan_site', arguments: { url: `${shop.origin}/`, tier: 'pro' } });
    expect(scanned.isError, textOf(scanned)).toBeFalsy();
    const summary = scanSummaryOutput.parse(scanned.structuredContent);
    expect(summary).toMatchObject({ url: `${shop.origin}/`, tier: 'pro', reportUrl: null });
    expect(summary.checks.map((check) => check.id)).toEqual(allChecks.map((check) => check.id));
    expect(summary.dimensions).toHaveLength(6);
    // The score, the first fix, then one line per assistant: its verdict and what reaches its search and
    // user-initiated agents.
    const [scoreLine, fixLine, ...assistantLines] = textOf(scanned).split('\n');
    expect(fixLine).toBe(`Fix first: ${summary.topFixes[0]!.title}`);
    expect(scoreLine).toBe(
      `${shop.origin}/ scored ${summary.score}/100 (${summary.band.replace(/_/g, ' ')}) in a ${summary.tier} scan, scan ${summary.id}.`,
    );
    expect(summary.assistants.length).toBeGreaterThan(0);
    expect(assistantLines.map((line) => line.split(':')[0])).toEqual(summary.assistants.map((assistant) => assistant.name));

    const again = await client.callTool({ name: 'get_result', arguments: { id: summary.id } });
    expect(again.structuredContent).toEqual(summary);
    const unknown = await client.callTool({ name: 'get_result', arguments: { id: 'f0f0f0f0-0000-4000-8000-000000000000' } });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toContain('only this session');

    // A re-check of this session's scan: the same shop, so each check is as the scan judged it.
    const rechecked = await client.callTool({
      name: 'recheck',
      arguments: { scanId: summary.id, checks: ['llms_txt', 'robots_ai_agents'] },
    });
    expect(rechecked.isError, textOf(rechecked)).toBeFalsy();
    const { checks } = rechecked.structuredContent as {
      checks: Array<{ checkId: string; before: { status: string }; after: { status: string }; fixed: boolean }>;
    };
    expect(checks.map((check) => check.checkId)).toEqual(['llms_txt', 'robots_ai_agents']);
    for (const check of checks) {
      expect(check.after.status, check.checkId).toBe(summary.checks.find((scanned) => scanned.id === check.checkId)!.status);
      expect(check.fixed).toBe(false);
    }
    expect(textOf(rechecked)).toMatch(new RegExp(`^Re-checked 2 of scan ${summary.id}'s checks\\.`));
    const unknownCheck = await client.callTool({ name: 'recheck', arguments: { scanId: summary.id, checks: ['no_such_check'] } });
    expect(unknownCheck.isError).toBe(true);
    expect(textOf(unknownCheck)).toContain('unknown check no_such_check');
    const notKept = await client.callTool({ name: 'recheck', arguments: { scanId: 'f0f0f0f0-0000-4000-8000-000000000000' } });
    expect(textOf(notKept)).toContain('only this session');
  }, 60_000);

  it('refuses what needs the service or is not allowed, with the reason and no stack', async () => {
    for (const [name, args] of [
      ['list_watched_sites', {}],
      ['watch_site', { url: 'https://shop.example.com/' }],
      ['compare_sites', {}],
    ] as const) {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError, name).toBe(true);
      expect(textOf(result), name).toBe(needsServiceMessage);
    }
    const blocked = await client.callTool({ name: 'scan_site', arguments: { url: 'http://169.254.169.254/' } });
    expect(blocked.isError).toBe(true);
    expect(textOf(blocked)).not.toMatch(/\n\s+at /);
    const badInput = await client.callTool({ name: 'scan_site', arguments: { url: 42 } });
    expect(badInput.isError).toBe(true);
  });
});

describe('the check explanations', () => {
  it('carry each check of the rubric with its text as docs/rubric.md words it, a fix, and nothing else', () => {
    const rubric = readFileSync(path.join(repoRoot, 'docs/rubric.md'), 'utf8');
    const dimensions = rubric.slice(rubric.indexOf('## Dimensions'), rubric.indexOf('## Signals'));
    const bullets = new Map(
      [...dimensions.matchAll(/^- `([a-z0-9_]+)` \([^)]*\):([\s\S]*?)(?=^- `|^###|^Platform defaults|(?![\s\S]))/gm)].map((match) => [
        match[1]!,
        match[2]!.replace(/\s+/g, ' ').trim(),
      ]),
    );
    expect(Object.keys(checkExplanations)).toEqual(allChecks.map((check) => check.id));
    for (const check of allChecks) {
      expect(checkExplanations[check.id].checks, check.id).toBe(bullets.get(check.id));
      expect(checkExplanations[check.id].fix.length, check.id).toBeGreaterThan(20);
    }
  });
});
