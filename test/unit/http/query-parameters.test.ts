import { describe, expect, it } from 'vitest';
import { AppError } from '#shared/model/errors.js';
import { buildOpenApiDocument } from '#shared/http/openapi.js';
import { parseRequest } from '#shared/http/parse-request.js';
import { routes } from '#shared/http/routes.js';
import { apiEvent } from '#test/unit/http/call-route.js';

const route = routes.listScans;

/** The event API Gateway would build for `GET /api/v1/scans?<rawQuery>` (repeats joined with commas). */
function listScans(rawQuery: string) {
  const joined: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(rawQuery)) joined[name] = name in joined ? `${joined[name]},${value}` : value;
  const event = { ...apiEvent({ method: 'GET', path: '/api/v1/scans', query: joined }), rawQueryString: rawQuery };
  return parseRequest(event, route, {}, 65_536).query;
}

function refusal(rawQuery: string): string {
  try {
    listScans(rawQuery);
  } catch (error) {
    if (error instanceof AppError && error.kind === 'invalid_input') return error.message;
    throw error;
  }
  throw new Error(`?${rawQuery} was accepted`);
}

describe('GET /api/v1/scans query parameters', () => {
  it('defaults both when absent and reads plain digits', () => {
    expect(listScans('')).toEqual({ limit: 20, offset: 0 });
    expect(listScans('limit=100&offset=0')).toEqual({ limit: 100, offset: 0 });
    expect(listScans('offset=007')).toEqual({ limit: 20, offset: 7 });
  });

  it('refuses an empty value of either the same way', () => {
    expect(refusal('limit=')).toBe('limit: must be a whole number written in digits');
    expect(refusal('offset=')).toBe('offset: must be a whole number written in digits');
  });

  it('refuses numbers that are not plain digits', () => {
    for (const value of ['0x10', '+5', '1e2', '-1', '5.0', ' 5', '５', 'NaN', 'Infinity', '9'.repeat(16)]) {
      expect(refusal(`limit=${encodeURIComponent(value)}`), value).toBe('limit: must be a whole number written in digits');
    }
  });

  it('keeps the bounds', () => {
    expect(refusal('limit=0')).toBe('limit: must be at least 1');
    expect(refusal('limit=101')).toBe('limit: must be at most 100');
    expect(refusal('offset=10001')).toBe('offset: must be at most 10000');
  });

  it('refuses a parameter given twice, by name', () => {
    expect(refusal('limit=5&limit=50')).toBe('limit: query parameter given more than once');
    expect(refusal('offset=1&limit=5&offset=1')).toBe('offset: query parameter given more than once');
  });

  it('types both as non-nullable integers in the OpenAPI document', () => {
    const document = buildOpenApiDocument() as { paths: Record<string, { get: { parameters: Array<{ name: string; schema: unknown }> } }> };
    const parameters = Object.fromEntries(document.paths['/api/v1/scans']!.get.parameters.map((p) => [p.name, p.schema]));
    expect(parameters).toEqual({
      limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
      offset: { type: 'integer', minimum: 0, maximum: 10_000, default: 0 },
      cursor: expect.objectContaining({ type: 'string' }),
    });
  });
});
