import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { operationsOf, resolveLocal, type JsonSchema, type OpenApiDocument } from '../../../bench/fuzz/openapi-document.js';
import { enumWords, schemaArbitrary, type ArbitraryContext } from '../../../bench/fuzz/schema-arbitrary.js';

type AddFormats = (ajv: Ajv2020) => unknown;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ?? addFormatsModule) as unknown as AddFormats;

const components: Record<string, JsonSchema> = {
  Tier: { type: 'string', enum: ['free', 'pro', 'growth'] },
  Item: {
    type: 'object',
    properties: { id: { type: 'string', format: 'uuid' }, tier: { $ref: '#/components/schemas/Tier' } },
    required: ['id', 'tier'],
    additionalProperties: false,
  },
};

const schemas: Record<string, JsonSchema> = {
  const: { const: 'fixed' },
  enum: { enum: ['a', 1, null] },
  'bounded string': { type: 'string', minLength: 3, maxLength: 7 },
  pattern: { type: 'string', pattern: '^[a-z]{2}-[0-9]{3}$' },
  'date-time': { type: 'string', format: 'date-time' },
  email: { type: 'string', format: 'email', maxLength: 254 },
  uuid: { type: 'string', format: 'uuid' },
  uri: { type: 'string', format: 'uri' },
  integer: { type: 'integer', minimum: 1, maximum: 100 },
  'exclusive number': { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
  'nullable integer': { type: ['integer', 'null'], minimum: 1, maximum: 100 },
  array: { type: 'array', items: { type: 'string', maxLength: 4 }, minItems: 2, maxItems: 5 },
  'unique array': { type: 'array', items: { type: 'integer', minimum: 0, maximum: 3 }, uniqueItems: true, maxItems: 4 },
  'closed object': {
    type: 'object',
    properties: { name: { type: 'string', minLength: 1 }, count: { type: 'integer' }, flag: { type: 'boolean' } },
    required: ['name'],
    additionalProperties: false,
  },
  'open object': { type: 'object', properties: { a: { type: 'integer' } }, additionalProperties: { type: 'string' } },
  anyOf: {
    anyOf: [
      { type: 'string', maxLength: 2 },
      { type: 'integer', minimum: 5 },
    ],
  },
  oneOf: { oneOf: [{ type: 'boolean' }, { type: 'null' }] },
  allOf: { allOf: [{ $ref: '#/components/schemas/Item' }, { type: 'object', required: ['tier'] }] },
  $ref: { type: 'array', items: { $ref: '#/components/schemas/Item' }, maxItems: 3 },
};

const context: ArbitraryContext = {
  resolve: (ref) => components[ref.split('/').at(-1)!]!,
  targetUrl: fc.constantFrom('http://127.0.0.1:1/', 'http://127.0.0.1:9/a?b=c'),
};

describe('schema → fast-check arbitrary', () => {
  it.each(Object.entries(schemas))('%s: every generated value validates with ajv', (_, schema) => {
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    const validate = ajv.compile({ ...(schema as object), components: { schemas: components } } as object);
    fc.assert(
      fc.property(schemaArbitrary(schema, context), (value) => {
        expect(validate(value), `${JSON.stringify(value)}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('puts strings under a target-like name (url, urls[], endpoint) only from the target arbitrary', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        url: { type: 'string' },
        urls: { type: 'array', items: { type: 'string' }, minItems: 1 },
        endpoint: { type: 'string' },
        label: { type: 'string' },
      },
      required: ['url', 'urls', 'endpoint'],
    };
    const targets = ['http://127.0.0.1:1/', 'http://127.0.0.1:9/a?b=c'];
    fc.assert(
      fc.property(schemaArbitrary(schema, context), (value) => {
        const body = value as { url: string; urls: string[]; endpoint: string };
        expect([body.url, body.endpoint, ...body.urls].every((target) => targets.includes(target))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it("generates valid values for every request body of the service's own document", () => {
    const document = JSON.parse(readFileSync(new URL('../../../openapi.json', import.meta.url), 'utf8')) as OpenApiDocument;
    const ajv = new Ajv2020({ strict: false, validateSchema: false });
    addFormats(ajv);
    ajv.addSchema(document, 'https://fuzz.invalid/openapi.json');
    const documentContext: ArbitraryContext = {
      resolve: (ref) => resolveLocal<JsonSchema>(document, { $ref: ref }, ref).value,
      targetUrl: fc.constant('http://127.0.0.1:1/'),
      dictionary: enumWords(document.components),
    };
    const withBodies = operationsOf(document).filter((operation) => operation.bodySchema !== undefined);
    expect(withBodies.length).toBeGreaterThan(10);
    for (const operation of withBodies) {
      const validate = ajv.compile({
        $ref: `https://fuzz.invalid/openapi.json#${(operation.bodySchema as { $ref: string }).$ref.slice(1)}`,
      });
      for (const value of fc.sample(schemaArbitrary(operation.bodySchema!, documentContext), { seed: 7, numRuns: 100 })) {
        expect(validate(value), `${operation.operationId} ${JSON.stringify(value)}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      }
    }
  });
});
