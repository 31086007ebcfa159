import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { families } from '#shared/http/route-types.js';
import {
  CapacitySettingsError,
  capacityDefaults,
  publicScanThrottle,
  quickAnswerSeconds,
  quickAnswerShare,
} from '#lib/capacity-settings.js';
import { sweepConcurrency, workerNames, workers, type FunctionName } from '#lib/function-catalog.js';
import { repoRoot } from '#lib/paths.js';
import { buildApp, type BuiltApp, defaultApp } from '#test/infra/support/readiness-app.js';

type Resource = { Properties: Record<string, unknown> };

function reservedOf(built: BuiltApp, name: FunctionName): unknown {
  const id = built.logicalId(built.stack.functions.get(name).handler);
  return (built.template.toJSON().Resources[id] as Resource).Properties.ReservedConcurrentExecutions;
}

function maxConcurrencyByFunction(built: BuiltApp): Record<string, unknown> {
  const mappings = Object.values(built.template.findResources('AWS::Lambda::EventSourceMapping')) as Resource[];
  return Object.fromEntries(
    mappings.map((mapping) => [
      JSON.stringify(mapping.Properties.FunctionName),
      (mapping.Properties.ScalingConfig as { MaximumConcurrency?: number } | undefined)?.MaximumConcurrency,
    ]),
  );
}

describe('the shared Lambda pool is protected', () => {
  const built = defaultApp();

  it('reserves concurrency for the functions that scan (MCP too) and the workers, and none for the rest of the API', () => {
    expect(reservedOf(built, 'publicScanner')).toBe(capacityDefaults.publicScanConcurrency);
    expect(reservedOf(built, 'scanner')).toBe(capacityDefaults.accountScanConcurrency);
    // scan_site and recheck over POST /mcp are account scans: a share of their own, outside the pool the API shares.
    expect(reservedOf(built, 'mcp')).toBe(capacityDefaults.mcpConcurrency);
    expect(capacityDefaults.mcpConcurrency).toBe(20);
    expect(reservedOf(built, 'rescanSweep')).toBe(sweepConcurrency);
    for (const worker of workerNames.filter((name) => workers[name].trigger.kind === 'queue')) {
      expect(reservedOf(built, worker), worker).toBe(capacityDefaults.workerConcurrency);
    }
    for (const family of families.filter((name) => !['publicScanner', 'scanner', 'mcp'].includes(name)))
      expect(reservedOf(built, family), family).toBeUndefined();
  });

  it('keeps the reservations modest: far under the 900 an account of 1,000 may reserve, and documented', () => {
    const total = [...families, ...workerNames].reduce((sum, name) => sum + Number(reservedOf(built, name) ?? 0), 0);
    expect(total).toBe(20 + 20 + 20 + sweepConcurrency + 4 * 5);
    expect(total).toBeLessThan(100);
    // AWS keeps 100 of the account's concurrency unreserved: the quota the defaults need, as the docs give it.
    expect(readFileSync(path.join(repoRoot, 'docs', 'configuration.md'), 'utf8')).toContain(`quota of at least ${total + 100}:`);
    expect(readFileSync(path.join(repoRoot, 'docs', 'operations.md'), 'utf8')).toContain(
      `= **${total}**; AWS keeps 100 unreserved, so the defaults need a quota of at least ${total + 100}`,
    );
  });

  it('never lets a queue poll with more concurrency than its worker may run', () => {
    const limits = maxConcurrencyByFunction(built);
    expect(Object.keys(limits)).toHaveLength(5);
    const sweep = JSON.stringify({ Ref: built.logicalId(built.stack.functions.get('rescanSweep').handler) });
    for (const [fn, limit] of Object.entries(limits))
      expect(limit, fn).toBe(fn === sweep ? sweepConcurrency : capacityDefaults.workerConcurrency);
  });

  it('takes its figures from context, and can reserve nothing for accounts whose quota is still 10', () => {
    const tuned = buildApp({
      publicScanConcurrency: '7',
      mcpConcurrency: '9',
      workerConcurrency: 3,
      apiRateLimit: 50,
      publicScanRateLimit: 2,
    });
    expect(reservedOf(tuned, 'publicScanner')).toBe(7);
    // MCP's share is its own key: tuning it leaves the account scan route's as it was.
    expect([reservedOf(tuned, 'mcp'), reservedOf(tuned, 'scanner')]).toEqual([9, capacityDefaults.accountScanConcurrency]);
    expect(reservedOf(tuned, 'batchScan')).toBe(3);
    const tunedSweep = JSON.stringify({ Ref: tuned.logicalId(tuned.stack.functions.get('rescanSweep').handler) });
    for (const [fn, limit] of Object.entries(maxConcurrencyByFunction(tuned))) expect(limit).toBe(fn === tunedSweep ? sweepConcurrency : 3);
    const stage = Object.values(tuned.template.findResources('AWS::ApiGatewayV2::Stage'))[0] as Resource;
    expect(stage.Properties).toMatchObject({
      DefaultRouteSettings: { ThrottlingRateLimit: 50 },
      RouteSettings: { 'POST /api/scan': { ThrottlingRateLimit: 2 } },
    });

    const unreserved = buildApp({ reserveConcurrency: 'false' });
    for (const name of [...families, ...workerNames]) expect(reservedOf(unreserved, name), name).toBeUndefined();
    for (const limit of Object.values(maxConcurrencyByFunction(unreserved))) expect(limit).toBe(capacityDefaults.workerConcurrency);
  });

  it("sizes the public scan throttle from the scan function's reservation, within half the stage, far above one client", () => {
    // 20 reserved x a quarter for quick answers / 0.05 s each = 100/s, within half of the 200/s stage.
    expect(capacityDefaults).toMatchObject({ apiRateLimit: 200, apiBurstLimit: 400, publicScanRateLimit: 100, publicScanBurstLimit: 200 });
    expect((capacityDefaults.publicScanRateLimit * quickAnswerSeconds) / capacityDefaults.publicScanConcurrency).toBeLessThanOrEqual(
      quickAnswerShare,
    );
    expect(capacityDefaults.apiRateLimit - capacityDefaults.publicScanRateLimit).toBeGreaterThanOrEqual(100);
    expect(publicScanThrottle({ publicScanConcurrency: 8, apiRateLimit: 200, apiBurstLimit: 400 })).toEqual({ rate: 40, burst: 80 });
    expect(publicScanThrottle({ publicScanConcurrency: 20, apiRateLimit: 60, apiBurstLimit: 90 })).toEqual({ rate: 30, burst: 45 });

    // Derived from context when not set, and a set value wins.
    const stageOf = (built: BuiltApp) =>
      (Object.values(built.template.findResources('AWS::ApiGatewayV2::Stage'))[0] as Resource).Properties;
    expect(stageOf(buildApp({ publicScanConcurrency: 8 }))).toMatchObject({
      RouteSettings: { 'POST /api/scan': { ThrottlingRateLimit: 40, ThrottlingBurstLimit: 80 } },
    });
    expect(stageOf(buildApp({ apiRateLimit: 60, apiBurstLimit: 90 }))).toMatchObject({
      DefaultRouteSettings: { ThrottlingRateLimit: 60, ThrottlingBurstLimit: 90 },
      RouteSettings: { 'POST /api/scan': { ThrottlingRateLimit: 30, ThrottlingBurstLimit: 45 } },
    });
  });

  it.each([
    [{ workerConcurrency: 1 }, /workerConcurrency.*at least 2/],
    [{ publicScanConcurrency: 'lots' }, /publicScanConcurrency/],
    [{ mcpConcurrency: 0 }, /mcpConcurrency.*at least 1/],
    [{ reserveConcurrency: 'maybe' }, /reserveConcurrency/],
    [{ publicScanRateLimit: 500 }, /must not exceed the API stage throttle/],
  ])('refuses %j', (context, message) => {
    expect(() => buildApp(context)).toThrow(CapacitySettingsError);
    expect(() => buildApp(context)).toThrow(message);
  });
});
