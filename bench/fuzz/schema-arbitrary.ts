import fc from 'fast-check';
import type { JsonSchema } from './openapi-document.js';

export interface ArbitraryContext {
  /** Resolves a local `$ref` (`#/components/schemas/X`) to its schema. */
  resolve(ref: string): JsonSchema;
  /** Every string the service may read as a URL or host comes from here (see target-urls.ts). */
  targetUrl: fc.Arbitrary<string>;
  /**
   * Words the document names elsewhere (its enums): a free-text field checked against a list the
   * schema does not spell out (webhook event names) is then sometimes given a valid value.
   */
  dictionary?: string[];
  /** The enum values the document gives a property of the same name elsewhere (`events` in Webhook). */
  wordsByName?: Record<string, string[]>;
}

type Schema = Record<string, unknown>;

/** Property names the service may read as a target (a URL or a host), whatever their schema says. */
const targetName =
  /^(?:urls?|endpoints?|hosts?|hostnames?|domains?|targets?|sites?|links?|hrefs?|websites?|origins?|callbacks?)$|url$|urls$|uri$/i;

export function isTargetName(name: string | undefined): boolean {
  return name !== undefined && targetName.test(name);
}

/** Strings of code points (JSON Schema's maxLength counts those), ASCII mostly, any plane sometimes. */
function text(minLength: number, maxLength: number): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength, maxLength }) },
  );
}

const emailAddress = fc
  .tuple(fc.stringMatching(/^[a-z0-9]{1,12}(?:[._+-][a-z0-9]{1,8}){0,2}$/), fc.constantFrom('fuzz.example', 'shop.example', 'example.com'))
  .map(([local, domain]) => `${local}@${domain}`);

function formatted(format: string, context: ArbitraryContext): fc.Arbitrary<string> | undefined {
  switch (format) {
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
        .map((date) => date.toISOString());
    case 'email':
      return emailAddress;
    case 'uri':
    case 'url':
    case 'hostname':
      return context.targetUrl;
    case 'uuid':
      return fc.uuid();
    default:
      return undefined;
  }
}

function stringArbitrary(schema: Schema, context: ArbitraryContext, name: string | undefined): fc.Arbitrary<string> {
  const byFormat = typeof schema.format === 'string' ? formatted(schema.format, context) : undefined;
  if (byFormat) return byFormat;
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? Math.min(schema.maxLength, minLength + 64) : minLength + 32;
  if (typeof schema.pattern === 'string') {
    try {
      const pattern = new RegExp(schema.pattern);
      return fc
        .stringMatching(pattern)
        .filter((value) => [...value].length >= minLength && [...value].length <= ((schema.maxLength as number | undefined) ?? Infinity));
    } catch {
      // A pattern fast-check cannot read: plain text, which the service may refuse (that is a 400 to see).
    }
  }
  const fits = (word: string) => word.length >= minLength && word.length <= maxLength;
  const named = (name === undefined ? [] : (context.wordsByName?.[name] ?? [])).filter(fits);
  const words = (context.dictionary ?? []).filter(fits);
  return fc.oneof(
    { weight: 3, arbitrary: text(minLength, maxLength) },
    ...(words.length > 0 ? [{ weight: 2, arbitrary: fc.constantFrom(...words) }] : []),
    ...(named.length > 0 ? [{ weight: 8, arbitrary: fc.constantFrom(...named) }] : []),
  );
}

/** For each property name in the document's schemas, the string enum values it has there (directly or in its items). */
export function enumWordsByName(schemas: Record<string, unknown>, resolve: (ref: string) => JsonSchema): Record<string, string[]> {
  const words: Record<string, Set<string>> = {};
  const follow = (schema: unknown): Schema | undefined => {
    if (typeof schema !== 'object' || schema === null) return undefined;
    const record = schema as Schema;
    return typeof record.$ref === 'string' ? (follow(resolve(record.$ref)) ?? undefined) : record;
  };
  for (const schema of Object.values(schemas)) {
    const properties = follow(schema)?.properties;
    if (typeof properties !== 'object' || properties === null) continue;
    for (const [name, property] of Object.entries(properties)) {
      const direct = follow(property);
      const values = [
        ...((direct?.enum as unknown[] | undefined) ?? []),
        ...((follow(direct?.items)?.enum as unknown[] | undefined) ?? []),
      ];
      for (const value of values) if (typeof value === 'string') (words[name] ??= new Set()).add(value);
    }
  }
  return Object.fromEntries(Object.entries(words).map(([name, set]) => [name, [...set].sort()]));
}

/** Every string enum value in a document, once each. */
export function enumWords(node: unknown, words = new Set<string>()): string[] {
  if (Array.isArray(node)) node.forEach((item) => enumWords(item, words));
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'enum' && Array.isArray(value))
        value.filter((item): item is string => typeof item === 'string').forEach((item) => words.add(item));
      else enumWords(value, words);
    }
  }
  return [...words];
}

function numberArbitrary(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const exclusiveMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
  const exclusiveMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : undefined;
  const min = typeof schema.minimum === 'number' ? schema.minimum : exclusiveMin;
  const max = typeof schema.maximum === 'number' ? schema.maximum : exclusiveMax;
  if (integer) {
    const low = min === undefined ? -1_000_000 : Math.ceil(exclusiveMin === min && exclusiveMin !== undefined ? min + 1 : min);
    const high = max === undefined ? 1_000_000 : Math.floor(exclusiveMax === max && exclusiveMax !== undefined ? max - 1 : max);
    return fc.integer({ min: low, max: Math.max(low, high) });
  }
  return fc
    .double({
      min: min ?? -1e9,
      max: max ?? 1e9,
      noNaN: true,
      noDefaultInfinity: true,
      minExcluded: exclusiveMin !== undefined,
      maxExcluded: exclusiveMax !== undefined,
    })
    .map((value) => (Object.is(value, -0) ? 0 : value));
}

function objectArbitrary(schema: Schema, context: ArbitraryContext, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) model[name] = schemaArbitrary(property, context, { name, depth: depth + 1 });
  const known = fc.record(model, { requiredKeys: [...required].filter((name) => name in model) });
  // Required names without a property schema: any JSON value does.
  const missing = [...required].filter((name) => !(name in model));
  const withMissing =
    missing.length === 0
      ? known
      : fc
          .tuple(known, fc.tuple(...missing.map(() => fc.jsonValue({ maxDepth: 1 }))))
          .map(([value, extra]) => ({ ...value, ...Object.fromEntries(missing.map((name, index) => [name, extra[index]])) }));
  const additional = schema.additionalProperties;
  if (additional === undefined || additional === false || depth > 3) return withMissing;
  const valueSchema: JsonSchema = additional === true ? {} : (additional as JsonSchema);
  const extras = fc.dictionary(fc.stringMatching(/^x_[a-z]{1,8}$/), schemaArbitrary(valueSchema, context, { depth: depth + 1 }), {
    maxKeys: 3,
  });
  return fc.tuple(withMissing, extras).map(([value, extra]) => ({ ...extra, ...value }));
}

function arrayArbitrary(schema: Schema, context: ArbitraryContext, name: string | undefined, depth: number): fc.Arbitrary<unknown[]> {
  const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const maxLength = typeof schema.maxItems === 'number' ? Math.min(schema.maxItems, minLength + 20) : minLength + 5;
  const items = schemaArbitrary((schema.items ?? {}) as JsonSchema, context, { name, depth: depth + 1 });
  return schema.uniqueItems === true
    ? fc.uniqueArray(items, { minLength, maxLength, selector: (value) => JSON.stringify(value) })
    : fc.array(items, { minLength, maxLength });
}

function anyJson(context: ArbitraryContext, name: string | undefined): fc.Arbitrary<unknown> {
  // A value of no declared type, under a name read as a target: a target still.
  return isTargetName(name) ? context.targetUrl : fc.jsonValue({ maxDepth: 2 });
}

function ofType(type: string, schema: Schema, context: ArbitraryContext, name: string | undefined, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return isTargetName(name) ? context.targetUrl : stringArbitrary(schema, context, name);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return arrayArbitrary(schema, context, name, depth);
    case 'object':
      return objectArbitrary(schema, context, depth);
    default:
      return anyJson(context, name);
  }
}

/**
 * Values valid against a JSON Schema (the subset OpenAPI 3.1 documents use), except that every string
 * under a target-like name or of format uri comes from `context.targetUrl`, valid or not.
 */
export function schemaArbitrary(
  schema: JsonSchema,
  context: ArbitraryContext,
  at: { name?: string | undefined; depth?: number } = {},
): fc.Arbitrary<unknown> {
  const { name } = at;
  const depth = at.depth ?? 0;
  if (schema === true) return anyJson(context, name);
  if (schema === false) throw new Error('No value is valid against the schema `false`');
  if (typeof schema.$ref === 'string') return schemaArbitrary(context.resolve(schema.$ref), context, at);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(alternatives)) {
    const { anyOf: _anyOf, oneOf: _oneOf, ...rest } = schema;
    // Sibling keywords apply to every branch.
    return fc.oneof(
      ...alternatives.map((branch) => schemaArbitrary(typeof branch === 'object' ? { ...rest, ...branch } : branch, context, at)),
    );
  }
  if (Array.isArray(schema.allOf)) {
    const { allOf, ...rest } = schema;
    const merged = (allOf as JsonSchema[]).reduce<Schema>((all, part) => {
      const resolved = typeof part === 'object' && typeof part.$ref === 'string' ? context.resolve(part.$ref) : part;
      if (typeof resolved !== 'object') return all;
      return {
        ...all,
        ...resolved,
        properties: { ...(all.properties as object | undefined), ...(resolved.properties as object | undefined) },
        required: [...((all.required as string[] | undefined) ?? []), ...((resolved.required as string[] | undefined) ?? [])],
      };
    }, rest);
    return schemaArbitrary(merged, context, at);
  }
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : [];
  if (types.length === 0) {
    if (schema.properties !== undefined) return objectArbitrary(schema, context, depth);
    if (schema.items !== undefined) return arrayArbitrary(schema, context, name, depth);
    return anyJson(context, name);
  }
  return fc.oneof(...types.map((type) => ofType(type, schema, context, name, depth)));
}
