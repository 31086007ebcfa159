import { describe, expect, it } from 'vitest';
import { operationsOf, type OpenApiDocument } from '../../../bench/fuzz/openapi-document.js';
import { createResponseChecker } from '../../../bench/fuzz/response-check.js';

const document: OpenApiDocument = {
  openapi: '3.1.0',
  paths: {
    '/things/{id}': {
      get: {
        operationId: 'getThing',
        responses: {
          200: { description: 'The thing', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
          404: { $ref: '#/components/responses/NotFound' },
        },
      },
    },
    '/page': {
      get: {
        operationId: 'showPage',
        responses: { 200: { description: 'A page', content: { 'text/html': {} } }, '4XX': { $ref: '#/components/responses/NotFound' } },
      },
    },
  },
  components: {
    schemas: {
      Thing: {
        type: 'object',
        properties: { id: { type: 'string', format: 'uuid' }, size: { type: ['integer', 'null'], minimum: 0 } },
        required: ['id', 'size'],
      },
      Error: { type: 'object', properties: { error: { type: 'string' } }, required: ['error'] },
    },
    responses: {
      NotFound: { description: 'Not found', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    },
  },
};

const [getThing, showPage] = operationsOf(document);
const check = createResponseChecker(document);
const json = 'application/json; charset=utf-8';

describe('response checker', () => {
  it('accepts a documented status whose body matches its schema, following references', () => {
    expect(
      check(getThing!, {
        status: 200,
        contentType: json,
        body: JSON.stringify({ id: '0b5f1c9e-3f7d-4d8e-9a61-2f1b0c7d6e5a', size: null }),
      }),
    ).toBeNull();
    expect(check(getThing!, { status: 404, contentType: json, body: '{"error":"Not found"}' })).toBeNull();
  });

  it('reports a status the operation does not document', () => {
    expect(check(getThing!, { status: 413, contentType: json, body: '{"error":"too large"}' })).toMatchObject({
      kind: 'undocumented_status',
      detail: expect.stringContaining('413') as string,
    });
    expect(check(getThing!, { status: 500, contentType: json, body: '{"error":"Internal server error"}' })?.kind).toBe(
      'undocumented_status',
    );
  });

  it('reports a body that does not match the documented schema', () => {
    expect(check(getThing!, { status: 200, contentType: json, body: JSON.stringify({ id: 'not-a-uuid', size: 1 }) })).toMatchObject({
      kind: 'body_schema',
      detail: expect.stringContaining('uuid') as string,
    });
    expect(
      check(getThing!, { status: 200, contentType: json, body: JSON.stringify({ id: '0b5f1c9e-3f7d-4d8e-9a61-2f1b0c7d6e5a' }) })?.kind,
    ).toBe('body_schema');
    expect(check(getThing!, { status: 404, contentType: json, body: '{"message":"no error field"}' })?.kind).toBe('body_schema');
    expect(check(getThing!, { status: 200, contentType: json, body: '<html>' })?.kind).toBe('invalid_json');
  });

  it('reports a content type other than the documented one', () => {
    expect(check(getThing!, { status: 200, contentType: 'text/html; charset=utf-8', body: '<p>thing</p>' })?.kind).toBe('content_type');
    expect(check(getThing!, { status: 200, contentType: null, body: '{}' })?.kind).toBe('content_type');
    expect(check(showPage!, { status: 200, contentType: 'text/html; charset=utf-8', body: '<p>page</p>' })).toBeNull();
    expect(check(showPage!, { status: 200, contentType: json, body: '{}' })?.kind).toBe('content_type');
  });

  it('matches a status against its documented range', () => {
    expect(check(showPage!, { status: 429, contentType: json, body: '{"error":"slow down"}' })).toBeNull();
    expect(check(showPage!, { status: 503, contentType: json, body: '{"error":"down"}' })?.kind).toBe('undocumented_status');
  });
});
