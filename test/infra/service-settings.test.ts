import { readFileSync } from 'node:fs';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { edgeRateRules } from '#lib/constructs/edge-web-acl.js';
import { bundleDefines, bundleFiles } from '#lib/function-bundling.js';
import { repoRoot } from '#lib/paths.js';
import { createReadinessApp } from '#lib/readiness-app.js';
import { readServiceSettings, ServiceSettingsError, tunableSettingNames } from '#lib/service-settings.js';
import { buildApp } from '#test/infra/support/readiness-app.js';

const cdkJson = JSON.parse(readFileSync(path.join(repoRoot, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
const read = (serviceSettings: unknown) => readServiceSettings(new App({ context: { serviceSettings } }));

describe('serviceSettings: the limits of one deployment', () => {
  it('reads an object (cdk.json) or its JSON (-c), numbers and strings alike', () => {
    expect(read({ FREE_SCANS_PER_DAY: 20, PRO_SCANS_PER_DAY: 'unlimited' })).toEqual({
      FREE_SCANS_PER_DAY: '20',
      PRO_SCANS_PER_DAY: 'unlimited',
    });
    expect(read('{"PUBLIC_SCAN_LIMIT_PER_DAY": 5}')).toEqual({ PUBLIC_SCAN_LIMIT_PER_DAY: '5' });
    expect(read(undefined)).toEqual({});
    expect(read({})).toEqual({});
  });

  it.each([
    [{ FREE_SCANS_PER_DAY: 'twenty' }, 'FREE_SCANS_PER_DAY="twenty" is not a valid number'],
    [{ FREE_SCANS_PER_DAY: -1 }, 'FREE_SCANS_PER_DAY'],
    [{ FREE_SCANS_PER_DAY: [1] }, 'must be a number or a string'],
    [{ FREE_SCANS: 3 }, 'FREE_SCANS is not a setting of the service'],
    [{ TABLE_NAME: 'other' }, 'TABLE_NAME is set by the stack itself'],
    [{ ALLOW_PRIVATE_TARGETS: '127.0.0.1' }, 'ALLOW_PRIVATE_TARGETS is set by the stack itself'],
    [{ SCAN_TIMEOUT_SECONDS: 60 }, 'SCAN_TIMEOUT_SECONDS is set by the stack itself'],
    ['FREE_SCANS_PER_DAY=3', 'must be an object of settings'],
    [[1, 2], 'must be an object of settings'],
  ])('refuses %j, saying why', (value, message) => {
    expect(() => read(value)).toThrow(ServiceSettingsError);
    expect(() => read(value)).toThrow(message);
  });

  it('leaves every limit tunable and no secret or endpoint', () => {
    expect(tunableSettingNames).toEqual(
      expect.arrayContaining([
        'FREE_SCANS_PER_DAY',
        'GROWTH_API_CALLS_MONTHLY',
        'PUBLIC_SCAN_ATTEMPTS_PER_DAY',
        'BATCH_MAX_URLS',
        'MAX_REQUEST_BODY_BYTES',
      ]),
    );
    for (const name of tunableSettingNames) expect(name).not.toMatch(/SECRET|PEPPER|ENDPOINT|QUEUE_URL|_ARN$|^TABLE_NAME$/);
  });

  it("puts them in every function's environment, beside what the stack sets", () => {
    const { template } = buildApp({ serviceSettings: { FREE_SCANS_PER_DAY: 20, GROWTH_WATCHED_SITES: 250 } });
    const functions = Object.values(template.findResources('AWS::Lambda::Function')) as Array<{
      Properties: { Handler?: string; Environment?: { Variables: Record<string, unknown> } };
    }>;
    const service = functions.filter((fn) => fn.Properties.Environment?.Variables.TABLE_NAME !== undefined);
    expect(service.length).toBeGreaterThanOrEqual(15);
    for (const fn of service)
      expect(fn.Properties.Environment!.Variables).toMatchObject({ FREE_SCANS_PER_DAY: '20', GROWTH_WATCHED_SITES: '250' });
  });

  it('ships the prebuilt OpenAPI document, which names the limits, only for the default limits', () => {
    expect(bundleDefines('meta')).toEqual({ PREBUILT_OPENAPI_DOCUMENT_FILE: '"openapi.json"' });
    expect(bundleFiles('meta').map((file) => file.name)).toEqual(['openapi.json']);
    expect(bundleDefines('meta', { defaultLimits: false })).toEqual({});
    expect(bundleFiles('meta', { defaultLimits: false })).toEqual([]);
  });
});

describe('serviceSettings at the edge (-c edgeWaf=on)', () => {
  it("sets the web ACL's per-IP ceiling on POST /api/scan from the deployment's PUBLIC_SCAN_ATTEMPTS_PER_DAY", () => {
    const limitOf = (context: Record<string, unknown>) => {
      const { edgeStack } = createReadinessApp(
        { context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [], edgeWaf: 'on', ...context } },
        { env: { account: '123456789012', region: 'eu-west-2' } },
      );
      const acl = Object.values(Template.fromStack(edgeStack!).findResources('AWS::WAFv2::WebACL'))[0] as {
        Properties: { Rules: Array<{ Name: string; Statement: { RateBasedStatement: { Limit: number } } }> };
      };
      return acl.Properties.Rules.find((rule) => rule.Name === edgeRateRules(10).publicScan.name)!.Statement.RateBasedStatement.Limit;
    };
    expect(limitOf({})).toBe(10);
    expect(limitOf({ serviceSettings: { PUBLIC_SCAN_ATTEMPTS_PER_DAY: 40 } })).toBe(40);
  });
});
