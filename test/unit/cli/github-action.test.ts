import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliChildEnv } from '#test/support/cli-child-env.js';
import { parse } from 'yaml';
import { buildCli } from '#bin/build-cli.js';
import { sampleResult } from '#test/support/scan-result-parts.js';
import type { ScanResult } from '#shared/model/scans/scan-result.js';
import { readOutputs } from './github-output-reader.js';
import { workflowCommandLines } from '#test/support/workflow-command-lines.js';
import { startCommandInjectionShop, type CommandInjectionShop } from '#test/fixtures/command-injection-shop.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

interface ActionStep {
  name: string;
  id?: string;
  shell: string;
  env?: Record<string, string>;
  run: string;
}
interface ActionInput {
  description: string;
  required: boolean;
  default?: string;
}
interface Action {
  name: string;
  description: string;
  branding: { icon: string; color: string };
  inputs: Record<string, ActionInput>;
  outputs: Record<string, { description: string; value: string }>;
  runs: { using: string; steps: ActionStep[] };
}

let action: Action;
let docs: string;
let work: string;
/** Where the runner would have checked out the action: the bundle built fresh from the source under test. */
let actionPath: string;
let shop: Server;
let shopOrigin: string;
let service: Server;
let serviceOrigin: string;
let injectionShop: CommandInjectionShop;

const product = `<!doctype html><html><head><title>Blue mug</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Blue mug @octocat <b>","sku":"MUG-1",
"offers":{"@type":"Offer","price":"12.50","priceCurrency":"GBP","availability":"https://schema.org/InStock"}}</script></head>
<body><h1>Blue mug</h1><p>£12.50</p></body></html>`;

const serviceKey = 'ars_live_test_key_123456';

beforeAll(async () => {
  action = parse(await readFile(path.join(repoRoot, 'action.yml'), 'utf8')) as Action;
  docs = await readFile(path.join(repoRoot, 'docs/github-action.md'), 'utf8');
  work = await mkdtemp(path.join(tmpdir(), 'github-action-'));
  actionPath = path.join(work, 'action');
  await buildCli(path.join(actionPath, 'dist/cli/scan.mjs'));
  shop = createServer((request, response) => {
    response.setHeader('content-type', 'text/html');
    if (request.url === '/') response.end('<html><body><h1>Mugs</h1><a href="/products/blue-mug">Blue mug</a></body></html>');
    else if (request.url === '/products/blue-mug') response.end(product);
    else {
      response.statusCode = 404;
      response.end('Not found');
    }
  });
  // The deployed service's POST /api/v1/scan, as far as the command line uses it.
  service = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      if (request.method !== 'POST' || request.url !== '/api/v1/scan') {
        response.statusCode = 404;
        return response.end(JSON.stringify({ error: 'Not found' }));
      }
      if (request.headers.authorization !== `Bearer ${serviceKey}`) {
        response.statusCode = 401;
        return response.end(JSON.stringify({ error: 'Invalid API key' }));
      }
      const { url } = JSON.parse(body) as { url: string };
      response.end(JSON.stringify({ ...sampleResult(new URL(url).origin), url }));
    });
  });
  await Promise.all([shop, service].map((server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))));
  shopOrigin = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  serviceOrigin = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
  injectionShop = await startCommandInjectionShop();
}, 60_000);

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
  await injectionShop.close();
  for (const server of [shop, service]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const cleanEnv = cliChildEnv();

/** `${{ inputs.name }}` as the runner evaluates it: the input given, else its default. */
function evaluate(expression: string, inputs: Record<string, string>): string {
  const match = /^\$\{\{\s*inputs\.([\w-]+)\s*\}\}$/.exec(expression);
  if (!match) throw new Error(`an expression this test does not evaluate: ${expression}`);
  const name = match[1]!;
  if (!(name in action.inputs)) throw new Error(`no input ${name}`);
  return inputs[name] ?? action.inputs[name]!.default ?? '';
}

function runBash(script: string, env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    // GitHub runs `shell: bash` steps as `bash --noprofile --norc -eo pipefail {0}`.
    execFile('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], { env, cwd: work }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Runs the composite action's steps as the runner would, stopping at the first that fails. */
async function runAction(inputs: Record<string, string>, extraEnv: Record<string, string> = { ALLOW_PRIVATE_TARGETS: '127.0.0.1' }) {
  const run = await mkdtemp(path.join(work, 'run-'));
  const files = { GITHUB_OUTPUT: path.join(run, 'output'), GITHUB_STEP_SUMMARY: path.join(run, 'summary.md') };
  await mkdir(path.join(run, 'temp'));
  await Promise.all(Object.values(files).map((file) => writeFile(file, '')));
  let log = '';
  let code = 0;
  for (const step of action.runs.steps) {
    const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([name, value]) => [name, evaluate(value, inputs)]));
    const result = await runBash(step.run, {
      ...cleanEnv,
      ...extraEnv,
      ...files,
      GITHUB_ACTION_PATH: actionPath,
      RUNNER_TEMP: path.join(run, 'temp'),
      ...stepEnv,
    });
    log += result.stdout + result.stderr;
    code = result.code;
    if (code !== 0) break;
  }
  const outputs = readOutputs(await readFile(files.GITHUB_OUTPUT, 'utf8'));
  const summary = await readFile(files.GITHUB_STEP_SUMMARY, 'utf8');
  const report = outputs.report ? await readFile(outputs.report, 'utf8') : '';
  return { code, log, outputs, summary, report };
}

describe('action.yml', () => {
  it('is a composite action with a name, a description and branding', () => {
    expect(action.name).toBe('Agent Readiness Scan');
    expect(action.description.length).toBeGreaterThan(20);
    expect(action.description.length).toBeLessThan(250);
    expect(action.branding).toEqual({ icon: 'shopping-cart', color: 'green' });
    expect(action.runs.using).toBe('composite');
    expect(action.runs.steps.every((step) => step.shell === 'bash')).toBe(true);
  });

  it('takes url (required), tier, fail-under, api-key, api-url and format (markdown by default)', () => {
    expect(Object.keys(action.inputs)).toEqual(['url', 'tier', 'fail-under', 'api-key', 'api-url', 'format']);
    expect(action.inputs.url!.required).toBe(true);
    expect(
      Object.entries(action.inputs)
        .filter(([, input]) => input.required)
        .map(([name]) => name),
    ).toEqual(['url']);
    expect(action.inputs.format!.default).toBe('markdown');
    expect(action.inputs.tier!.default).toBe('growth');
    for (const input of Object.values(action.inputs)) expect(input.description.length).toBeGreaterThan(10);
  });

  it("gives the scan step's score, band and report as its outputs", () => {
    expect(action.outputs).toMatchObject({
      score: { value: '${{ steps.scan.outputs.score }}' },
      band: { value: '${{ steps.scan.outputs.band }}' },
      report: { value: '${{ steps.scan.outputs.report }}' },
    });
    expect(action.runs.steps.some((step) => step.id === 'scan')).toBe(true);
  });

  it('never puts an input into a script: inputs reach the shell as environment variables only', () => {
    for (const step of action.runs.steps) expect(step.run).not.toContain('${{');
  });

  it('has every input and output documented in docs/github-action.md', () => {
    for (const name of Object.keys(action.inputs)) expect(docs).toMatch(new RegExp(`^\\| \`${name}\` \\|`, 'm'));
    for (const name of Object.keys(action.outputs)) expect(docs).toMatch(new RegExp(`^\\| \`${name}\` \\|`, 'm'));
    expect(docs).toContain('on:\n  pull_request');
    expect(docs).toContain('fail-under:');
  });
});

describe('the action, run as the runner runs it', () => {
  it('writes the markdown report, the job summary and the outputs, then fails under fail-under', async () => {
    const { code, log, outputs, summary, report } = await runAction({ url: `${shopOrigin}/`, tier: 'pro', 'fail-under': '100' });
    expect(code).toBe(1);
    expect(outputs.report).toMatch(/agent-readiness\.\w+\/report\.md$/);
    expect(outputs.score).toMatch(/^\d+$/);
    expect(Number(outputs.score)).toBeLessThan(100);
    expect(['agent_ready', 'partially_ready', 'needs_work', 'not_ready']).toContain(outputs.band);
    expect(report).toContain(`Agent readiness: ${outputs.score}/100`);
    expect(report).toContain('| Blue mug @&#8203;octocat &lt;b&gt; | 12.50 GBP |');
    expect(summary).toBe(`${report.trimEnd()}\n\n`);
    // The log says where the report is, never what the site wrote into it.
    expect(log).toContain(`The report is in the job summary and in ${outputs.report}`);
    expect(log).not.toContain('Blue mug');
    expect(log).toContain(`scored ${outputs.score} in`);
    expect(log).toContain('is below --fail-under 100');
  }, 60_000);

  it('writes a JSON report when asked, and passes without fail-under', async () => {
    const { code, outputs, summary, report } = await runAction({ url: `${shopOrigin}/`, tier: 'free', format: 'json' });
    expect(code).toBe(0);
    expect(outputs.report).toMatch(/report\.json$/);
    const result = JSON.parse(report) as { score: number; band: string; tier: string };
    expect({ score: String(result.score), band: result.band, tier: result.tier }).toEqual({
      score: outputs.score,
      band: outputs.band,
      tier: 'free',
    });
    // The job summary is markdown whatever the report's format.
    expect(summary).toContain(`Agent readiness: ${result.score}/100`);
  }, 60_000);

  it('scans through the service with api-key and api-url, links to its report, and masks the key', async () => {
    const { code, log, outputs, report } = await runAction({
      url: 'https://shop.example/',
      'api-key': serviceKey,
      'api-url': `${serviceOrigin}/`,
      'fail-under': '50',
    });
    expect(code).toBe(0);
    expect(outputs).toMatchObject({ score: '58', band: 'needs_work' });
    expect(report).toContain(`[Full report](${serviceOrigin}/app/scans/7d1c2f4e-5b6a-4c3d-8e9f-0a1b2c3d4e5f)`);
    // The key appears once, in the command that masks it, and nowhere else.
    expect(log.split(serviceKey)).toHaveLength(2);
    expect(log).toContain(`::add-mask::${serviceKey}`);
  }, 60_000);

  it('exits 5 when the service refuses the key, and still says so in the report and the summary', async () => {
    const { code, outputs, summary, report } = await runAction({
      url: 'https://shop.example/',
      'api-key': 'wrong-key',
      'api-url': serviceOrigin,
    });
    expect(code).toBe(5);
    expect(outputs.score).toBeUndefined();
    expect(report).toContain('## Agent readiness: not scanned');
    // In markdown, with the parentheses escaped.
    expect(report).toContain('The service refused the scan \\(401\\): Invalid API key');
    expect(summary).toContain('The service refused the scan \\(401\\): Invalid API key');
  }, 60_000);

  it('exits 2 with the usage for a format it does not know', async () => {
    const { code, log, report } = await runAction({ url: `${shopOrigin}/`, format: 'html' });
    expect(code).toBe(2);
    expect(log).toContain('--format must be one of text, json, markdown, not "html"');
    expect(report).toBe('');
  }, 60_000);
});

/** The bundled command line as a workflow's own step would run it. */
function runCli(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [path.join(actionPath, 'dist/cli/scan.mjs'), ...args],
      { env: { ...cleanEnv, ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('the command line in a GitHub job', () => {
  it('keeps its report and exit code when the job summary cannot be written', async () => {
    const { code, stdout, stderr } = await runCli([`${shopOrigin}/`, '--tier', 'free', '--fail-under', '100'], {
      ALLOW_PRIVATE_TARGETS: '127.0.0.1',
      GITHUB_STEP_SUMMARY: work,
      GITHUB_OUTPUT: path.join(work, 'no-such-folder', 'output'),
    });
    expect(code).toBe(1);
    expect(stdout).toMatch(/Score \d+\/100/);
    expect(stderr).toContain('Warning: cannot write the job summary: EISDIR');
    expect(stderr).toContain('Warning: cannot write the step outputs: ENOENT');
  }, 60_000);

  it('gives the lowest score of several URLs as the outputs, and every report to the summary', async () => {
    const output = path.join(work, 'several-output');
    const summaryFile = path.join(work, 'several-summary.md');
    const { code, stdout } = await runCli([`${shopOrigin}/`, `${shopOrigin}/products/blue-mug`, '--tier', 'free', '--json'], {
      ALLOW_PRIVATE_TARGETS: '127.0.0.1',
      GITHUB_STEP_SUMMARY: summaryFile,
      GITHUB_OUTPUT: output,
    });
    expect(code).toBe(0);
    const results = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { score: number; band: string });
    const lowest = results.reduce((low, result) => (result.score < low.score ? result : low));
    expect(readOutputs(await readFile(output, 'utf8'))).toEqual({ score: String(lowest.score), band: lowest.band });
    expect((await readFile(summaryFile, 'utf8')).match(/^## .* Agent readiness: \d+\/100/gm)).toHaveLength(2);
  }, 60_000);

  it('refuses only one of AGENT_READINESS_API_URL and AGENT_READINESS_API_KEY', async () => {
    const { code, stderr } = await runCli(['https://shop.example/'], { AGENT_READINESS_API_KEY: serviceKey });
    expect(code).toBe(2);
    expect(stderr).toContain('Set both AGENT_READINESS_API_URL and AGENT_READINESS_API_KEY');
    expect(stderr).not.toContain(serviceKey);
  }, 60_000);
});

describe('a shop whose text carries workflow commands (decision 095)', () => {
  const formats = ['text', 'markdown', 'json'] as const;

  for (const format of formats) {
    it(`cannot write one into the ${format} report, stderr, the job summary or the outputs`, async () => {
      const files = {
        GITHUB_OUTPUT: path.join(work, `injection-${format}-output`),
        GITHUB_STEP_SUMMARY: path.join(work, `injection-${format}-summary.md`),
      };
      const { code, stdout, stderr } = await runCli(['--format', format, '--tier', 'growth', `${injectionShop.origin}/`], {
        ALLOW_PRIVATE_TARGETS: '127.0.0.1',
        ...files,
      });
      expect(code).toBe(0);
      const summary = await readFile(files.GITHUB_STEP_SUMMARY, 'utf8');
      const outputs = await readFile(files.GITHUB_OUTPUT, 'utf8');
      expect({
        stdout: workflowCommandLines(stdout),
        stderr: workflowCommandLines(stderr),
        summary: workflowCommandLines(summary),
        outputs: workflowCommandLines(outputs),
      }).toEqual({ stdout: [], stderr: [], summary: [], outputs: [] });
      expect(Object.keys(readOutputs(outputs))).toEqual(['score', 'band']);
      // The site's text is in the report, so the test would see what it wrote.
      expect(stdout).toContain('site-mask');
      expect(summary).toContain('site-mask');
      if (format === 'json') {
        // One line, read back as the scanner found it: the line breaks are still in the data, escaped.
        const names = (JSON.parse(stdout) as ScanResult).products.map((product) => product.name ?? '');
        expect(names.some((name) => name.startsWith('::error::Mug 0\n::error::site-newline'))).toBe(true);
        expect(names.join()).toContain('\u2028::error::site-line-separator');
      }
    }, 60_000);
  }

  it("cannot write one into the log through action.yml's steps, which print no report", async () => {
    for (const format of formats) {
      const { code, log, outputs, summary, report } = await runAction({ url: `${injectionShop.origin}/`, format });
      expect(code, format).toBe(0);
      expect({ format, log: workflowCommandLines(log), summary: workflowCommandLines(summary) }).toEqual({ format, log: [], summary: [] });
      expect(Object.keys(outputs).sort()).toEqual(['band', 'report', 'score']);
      expect(report).toContain('site-mask');
      expect(log).not.toContain('site-mask');
    }
  }, 120_000);
});
