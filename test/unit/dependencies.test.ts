import { describe, expect, it } from 'vitest';
import { loadConfig } from '#shared/config.js';
import { composeDependencies } from '#shared/dependencies.js';
import { emptyTable, unitTable } from '#test/unit/http/call-route.js';

describe('per-function dependencies', () => {
  it('gives a function the parts it was built with, and the config, clock and logger', () => {
    const table = unitTable(emptyTable);
    const deps = composeDependencies(loadConfig({}), { table });
    expect(deps.table).toBe(table);
    expect(deps.config.tableName).toBe('readiness');
    expect(typeof deps.clock.now()).toBe('number');
    expect(deps.logger).toBeDefined();
  });

  it('fails loudly, naming the part, when a use case reaches for one the function was not built with', () => {
    const deps = composeDependencies(loadConfig({}), { table: unitTable(emptyTable) });
    expect(() => deps.fetcher).toThrow(/built without fetcher/);
    expect(() => deps.mailer).toThrow(/built without mailer/);
    expect(() => deps.queue).toThrow(/built without queue/);
  });
});
