import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Stage } from 'aws-cdk-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { families } from '#shared/http/route-types.js';
import { workerNames } from '#lib/function-catalog.js';
import { buildOpenApiDocument } from '#shared/http/openapi.js';
import { browserBundles } from '#shared/http/pages/assets/browser-files.js';
import { buildBrowserBundles } from '#lib/browser-bundling.js';
import { buildApp, type BuiltApp } from '#test/infra/support/readiness-app.js';

/**
 * The one synthesis that bundles for real, exactly as `cdk synth` does: esbuild runs locally (no
 * Docker) for every function, and the CloudFormation validation runs too.
 */
let built: BuiltApp;
let bundles: Map<string, string>;

beforeAll(() => {
  built = buildApp({}, { bundle: true, cloudFormationValidation: true });
  const outdir = Stage.of(built.stack)!.outdir;
  const functions = Object.entries(built.template.findResources('AWS::Lambda::Function')) as [
    string,
    { Properties: { Code: { S3Key: string } } },
  ][];
  bundles = new Map(functions.map(([id, fn]) => [id, path.join(outdir, `asset.${fn.Properties.Code.S3Key.replace(/\.zip$/, '')}`)]));
}, 240_000);

describe('function bundles (real esbuild)', () => {
  it('bundles every function into its own asset', () => {
    expect(bundles.size).toBe(families.length + workerNames.length);
    expect(new Set(bundles.values()).size).toBe(bundles.size);
  });

  it('emits ESM with the require shim and no source map (they cost every cold start)', () => {
    for (const directory of bundles.values()) {
      const code = readFileSync(path.join(directory, 'index.mjs'), 'utf8');
      expect(code.startsWith("import { createRequire } from 'module'; const require = createRequire(import.meta.url);")).toBe(true);
      expect(code).not.toMatch(/sourceMappingURL=/);
      expect(existsSync(path.join(directory, 'index.mjs.map'))).toBe(false);
    }
  });

  it('loads every bundle in plain Node and finds its handler', () => {
    const entries = [...bundles.values()].map((directory) => path.join(directory, 'index.mjs'));
    const script = `
      for (const file of JSON.parse(process.argv[1])) {
        const module = await import(file);
        if (typeof module.handler !== 'function') throw new Error(file + ' exports no handler');
      }
      process.exit(0);`;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(entries)], {
      env: { PATH: process.env.PATH, AWS_REGION: 'eu-west-2', TABLE_NAME: 'readiness', LOG_LEVEL: 'ERROR' },
      encoding: 'utf8',
      stdio: 'pipe',
      timeout: 60_000,
    });
    expect(output).not.toMatch(/error/i);
  });
});

/** Calls a bundled function's handler in plain Node, as Lambda would, with a GET of `rawPath`. */
function invokeBundle(
  directory: string,
  routeKey: string,
  rawPath: string,
): { statusCode: number; body: string; headers: Record<string, string> } {
  const event = {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    requestContext: { requestId: 'bundle-test', http: { method: 'GET', path: rawPath, sourceIp: '192.0.2.1' } },
  };
  const context = {
    functionName: 'bundle-test',
    awsRequestId: 'bundle-test',
    invokedFunctionArn: 'arn:aws:lambda:eu-west-2:0:function:bundle-test',
    getRemainingTimeInMillis: () => 10_000,
  };
  const script = `
    const { handler } = await import(process.argv[1]);
    const result = await handler(JSON.parse(process.argv[2]), JSON.parse(process.argv[3]));
    process.stdout.write(JSON.stringify(result));`;
  const output = execFileSync(
    process.execPath,
    ['--input-type=module', '-e', script, path.join(directory, 'index.mjs'), JSON.stringify(event), JSON.stringify(context)],
    {
      env: { PATH: process.env.PATH, AWS_REGION: 'eu-west-2', TABLE_NAME: 'readiness', LOG_LEVEL: 'ERROR' },
      encoding: 'utf8',
      timeout: 60_000,
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const result = JSON.parse(output) as { statusCode: number; body: string; headers: Record<string, string>; isBase64Encoded?: boolean };
  const body = result.isBase64Encoded ? gunzipSync(Buffer.from(result.body, 'base64')).toString('utf8') : result.body;
  return { statusCode: result.statusCode, headers: result.headers, body };
}

const bundleOf = (prefix: string) => [...bundles].find(([logicalId]) => logicalId.startsWith(prefix))![1];

describe('the meta bundle', () => {
  it('serves the OpenAPI document built at bundling time, without the generator in its code', () => {
    const directory = bundleOf('FunctionsMetaHandler');
    expect(readFileSync(path.join(directory, 'index.mjs'), 'utf8')).not.toContain('registerComponent');
    const result = invokeBundle(directory, 'GET /api/openapi.json', '/api/openapi.json');
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body)).toEqual(buildOpenApiDocument());
  });

  it('has the document beside its code, not in it: CDK passes esbuild a `define` inside one 128 KiB argument', () => {
    const directory = bundleOf('FunctionsMetaHandler');
    expect(JSON.parse(readFileSync(path.join(directory, 'openapi.json'), 'utf8'))).toEqual(buildOpenApiDocument());
    expect(readFileSync(path.join(directory, 'index.mjs'), 'utf8')).not.toContain('"RecheckResult"');
  });
});

describe('the mcp bundle', () => {
  it('leaves out the MCP SDK dependencies the function never runs (shared/mcp/unused-sdk-dependencies.ts)', () => {
    const code = readFileSync(path.join(bundleOf('FunctionsMcpHandler'), 'index.mjs'), 'utf8');
    expect(code).toContain('notifications/initialized');
    // zod 3 and zod-to-json-schema, by strings only their code holds; the SDK's bare `ajv` is the stub. The Ajv a drive
    // judges tool schemas with is there, loaded on first use (shared/scanner/drives/tool-input-schemas.ts).
    for (const marker of ['"ZodEffects"', 'openApi3']) expect(code, marker).not.toContain(marker);
    expect(code).toContain('Left out of the deployed bundles');
  });
});

describe('the web bundle', () => {
  it('ships the API reference renderer beside its code and serves it under the name /docs links', () => {
    const directory = bundleOf('FunctionsWebHandler');
    expect(existsSync(path.join(directory, 'redoc.standalone.js'))).toBe(true);
    const docs = invokeBundle(directory, 'GET /docs', '/docs');
    expect(docs.statusCode).toBe(200);
    const src = /<script src="\/assets\/(redoc\.[0-9a-f]{12}\.js)"/.exec(docs.body)?.[1];
    expect(src).toBeDefined();
    const renderer = invokeBundle(directory, 'GET /assets/{file}', `/assets/${src}`);
    expect(renderer.statusCode).toBe(200);
    expect(renderer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(renderer.body.length).toBeGreaterThan(500_000);
    expect(renderer.body).not.toContain('cdn.redoc.ly/redoc/logo-mini.svg');
  });

  it('serves each page the script built from browser/, copied beside its code', () => {
    const directory = bundleOf('FunctionsWebHandler');
    const built = buildBrowserBundles();
    for (const name of browserBundles)
      expect(readFileSync(path.join(directory, 'bundles', `${name}.js`), 'utf8'), name).toBe(built.get(name));
    const dashboard = invokeBundle(directory, 'GET /app', '/app');
    expect(dashboard.statusCode).toBe(200);
    const src = /<script src="\/assets\/(dashboard\.[0-9a-f]{12}\.js)" defer>/.exec(dashboard.body)?.[1];
    expect(src).toBeDefined();
    const script = invokeBundle(directory, 'GET /assets/{file}', `/assets/${src}`);
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body).toBe(built.get('dashboard'));
  });

  it('reads stored results without loading the scanner (its cold start stays small)', () => {
    const code = readFileSync(path.join(bundleOf('FunctionsWebHandler'), 'index.mjs'), 'utf8');
    // The scanner's user agent is in every bundle that can scan.
    expect(code).not.toContain('AgentReadinessScanner/');
    expect(readFileSync(path.join(bundleOf('FunctionsPublicScannerHandler'), 'index.mjs'), 'utf8')).toContain('AgentReadinessScanner/');
  });
});
