import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliChildEnv } from '#test/support/cli-child-env.js';
import { buildCli } from '#bin/build-cli.js';
import { helpText, parseScanArgs, usage } from '#bin/cli/scan-args.js';
import { invokedAs } from '#bin/cli/invocation.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
let server: Server;
let origin: string;
let buildDir: string;
/** The CLI as `npm run scan` runs it: bundled JavaScript on plain node, built fresh from the source under test. */
let cli: string;

const product = `<!doctype html><html><head><title>Blue mug</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Blue mug","sku":"MUG-1","image":"/mug.jpg",
"offers":{"@type":"Offer","price":"12.50","priceCurrency":"GBP","availability":"https://schema.org/InStock"}}</script></head>
<body><h1>Blue mug</h1><p>£12.50</p><form action="/cart"><button type="submit">Add to cart</button></form></body></html>`;

beforeAll(async () => {
  buildDir = await mkdtemp(path.join(tmpdir(), 'scan-cli-'));
  cli = await buildCli(path.join(buildDir, 'scan.mjs'));
  server = createServer((request, response) => {
    if (request.url === '/slow') return;
    response.setHeader('content-type', 'text/html');
    if (request.url === '/') response.end('<html><body><h1>Mugs</h1><a href="/products/blue-mug">Blue mug</a></body></html>');
    else if (request.url === '/products/blue-mug') response.end(product);
    else {
      response.statusCode = 404;
      response.end('Not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Bundling the CLI takes seconds, more while other files build it too on a busy machine.
}, 60_000);

afterAll(async () => {
  await rm(buildDir, { recursive: true, force: true });
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The test runner's own npm variables (npx vitest sets npm_command=exec) would change the usage line. */
const quietEnv = cliChildEnv();

function runCli(args: string[], env: Record<string, string> = { ALLOW_PRIVATE_TARGETS: '127.0.0.1' }) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [cli, ...args], { cwd: repoRoot, env: { ...quietEnv, ...env } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('npm run scan', () => {
  it('prints a readable report with what agents see, progress on stderr, and exits 0', async () => {
    const { code, stdout, stderr } = await runCli([`${origin}/`, '--tier', 'pro']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/Score \d+\/100/);
    expect(stdout).toContain('Blue mug: 12.50 GBP, InStock, sku MUG-1');
    expect(stdout).toContain('Top fixes');
    expect(stderr).toContain(`Scanning ${origin}/ (pro tier)...`);
  }, 60_000);

  it('prints one JSON ScanResult per line with --json, and exits 1 under --fail-under', async () => {
    const { code, stdout, stderr } = await runCli([
      `${origin}/`,
      `${origin}/products/blue-mug`,
      '--json',
      '--tier',
      'free',
      '--fail-under',
      '100',
    ]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/score \d+ is below --fail-under 100/);
    const lines = stdout
      .trim()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as {
            url: string;
            tier: string;
            score: number;
            products: unknown[];
            signals: unknown;
            assistants: Array<{ access: unknown }>;
          },
      );
    expect(lines.map((line) => line.url)).toEqual([`${origin}/`, `${origin}/products/blue-mug`]);
    expect(lines.every((line) => line.tier === 'free' && line.score < 100)).toBe(true);
    expect(lines[1]?.products).toHaveLength(1);
    // The whole result: the inventory and the assistants' verdicts too.
    expect(lines.every((line) => Array.isArray(line.signals) && Array.isArray(line.assistants))).toBe(true);
    // Each assistant's search and user-initiated access, as the result holds it.
    expect(lines.every((line) => line.assistants.length > 0 && line.assistants.every((assistant) => Array.isArray(assistant.access)))).toBe(
      true,
    );
  }, 60_000);

  it('prints its help, with the exit codes and the usage as it was called, and exits 0 for --help', async () => {
    const { code, stdout } = await runCli(['--help'], { npm_lifecycle_event: 'scan', npm_command: 'run-script' });
    expect(code).toBe(0);
    expect(stdout).toContain('Usage: npm run scan -- <url>');
    expect(stdout).toContain('3  a site that could not be reached');
    const npx = await runCli(['--help'], { npm_lifecycle_event: 'npx', npm_command: 'exec' });
    expect(npx.stdout).toContain('Usage: npx agent-readiness-scan <url>');
    const plain = await runCli(['--tier', 'gold', 'https://shop.example.com/'], {});
    expect(plain.code).toBe(2);
    expect(plain.stderr).toContain(`Usage: node ${cli} <url>`);
  }, 60_000);

  it('exits 2 for a blocked URL, naming ALLOW_PRIVATE_TARGETS for a loopback one only, 3 for an unreachable one', async () => {
    const blocked = await runCli(['http://169.254.169.254/latest/meta-data/'], {});
    expect(blocked.code).toBe(2);
    expect(blocked.stderr).toContain('169.254.169.254');
    expect(blocked.stderr).not.toContain('ALLOW_PRIVATE_TARGETS');
    const loopback = await runCli(['http://127.0.0.1:9/'], {});
    expect(loopback.code).toBe(2);
    expect(loopback.stderr).toContain('127.0.0.1 is a private address; set ALLOW_PRIVATE_TARGETS=127.0.0.1 to scan it (development only)');
    const closedPort = await runCli(['http://127.0.0.1:9/']);
    expect(closedPort.code).toBe(3);
  }, 60_000);

  it('keeps the compiled code beside itself after a run, and starts fine from a damaged cache', async () => {
    await runCli([`${origin}/`, '--tier', 'free']);
    const cacheDir = path.join(buildDir, '.cache');
    const [cacheFile] = await readdir(cacheDir);
    expect(cacheFile).toMatch(/^scan-core\.[0-9a-f]{16}\.cjs\.v8cache$/);
    await writeFile(path.join(cacheDir, cacheFile!), 'not a code cache');
    const { code, stdout } = await runCli([`${origin}/`, '--tier', 'free', '--json']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout.trim()).tier).toBe('free');
    expect((await readFile(path.join(cacheDir, cacheFile!))).length).toBeGreaterThan(10_000);
  }, 60_000);

  it('exits 4 when the homepage does not answer in time', async () => {
    const { code, stderr } = await runCli([`${origin}/slow`], { ALLOW_PRIVATE_TARGETS: '127.0.0.1', SCAN_TIMEOUT_SECONDS: '2' });
    expect(code).toBe(4);
    expect(stderr).toContain('Scan timed out');
  }, 60_000);
});

describe('scan arguments', () => {
  it('reads URLs, tier, --json and --fail-under', () => {
    expect(parseScanArgs(['https://a.example.com', 'https://b.example.com', '--tier', 'free', '--json', '--fail-under', '70'])).toEqual({
      urls: ['https://a.example.com', 'https://b.example.com'],
      tier: 'free',
      format: 'json',
      failUnder: 70,
      help: false,
    });
  });

  it('reads --help and -h, with or without a URL', () => {
    expect(parseScanArgs(['--help'])).toMatchObject({ help: true, urls: [] });
    expect(parseScanArgs(['https://a.example.com', '-h'])).toMatchObject({ help: true });
    expect(helpText('npm run scan --')).toContain('Exit codes');
    expect(helpText('npm run scan --')).toContain('--fail-under N');
  });

  it('shows the command as it was called', () => {
    const cwd = '/work/shop';
    expect(invokedAs({ npm_lifecycle_event: 'scan', npm_command: 'run-script' }, ['node', '/work/shop/dist/cli/scan.mjs'], cwd)).toBe(
      'npm run scan --',
    );
    expect(invokedAs({ npm_lifecycle_event: 'npx', npm_command: 'exec' }, ['node', '/tmp/x/agent-readiness-scan'], cwd)).toBe(
      'npx agent-readiness-scan',
    );
    expect(invokedAs({}, ['node', '/usr/local/bin/agent-readiness-scan'], cwd)).toBe('agent-readiness-scan');
    expect(invokedAs({}, ['node', '/work/shop/dist/cli/scan.mjs'], cwd)).toBe('node dist/cli/scan.mjs');
    expect(invokedAs({}, ['node', '/opt/scan.mjs'], cwd)).toBe('node /opt/scan.mjs');
    expect(usage('npx agent-readiness-scan')).toMatch(/^Usage: npx agent-readiness-scan <url>/);
  });

  it('refuses a missing URL, an unknown tier and a bad threshold', () => {
    expect(() => parseScanArgs([])).toThrow('Give at least one URL to scan');
    expect(() => parseScanArgs(['https://a.example.com', '--tier', 'gold'])).toThrow('--tier must be one of free, pro, growth');
    expect(() => parseScanArgs(['https://a.example.com', '--fail-under', '0'])).toThrow(
      '--fail-under must be a whole number from 1 to 100',
    );
    expect(() => parseScanArgs(['https://a.example.com', '--fail-under', 'high'])).toThrow('--fail-under');
  });
});
