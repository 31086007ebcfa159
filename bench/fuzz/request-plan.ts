import fc from 'fast-check';
import type { IdPool, KeyKind } from './fixtures.js';
import { mutatedBodies, rawBodies, type BodyPlan } from './mutations.js';
import type { JsonSchema, Operation } from './openapi-document.js';
import { isTargetName, schemaArbitrary, type ArbitraryContext } from './schema-arbitrary.js';

/** A path parameter: one of the real ids (by index into its pool, as the pool is when sent) or a generated value. */
export type ParamPlan = { pool: IdPool; index: number } | { value: string } | { raw: string };

/** One request, decided in advance from the seed; ids from pools are looked up when it is sent. */
export interface PlannedRequest {
  operation: Operation;
  key: KeyKind;
  /** For a bogus key: the whole Authorization header sent. */
  bogusAuthorization?: string;
  params: Record<string, ParamPlan>;
  query: string;
  body: BodyPlan | undefined;
  headers: Array<[string, string]>;
}

export interface PlanContext extends ArbitraryContext {
  /** Loopback URLs only: text appended to one stays on loopback. */
  loopbackUrl: fc.Arbitrary<string>;
  maxBodyBytes: number;
}

/** The pool a path parameter's ids come from, by the path segment before it. */
export function poolFor(path: string, parameter: string): IdPool | undefined {
  const segments = path.split('/');
  const before = segments[segments.indexOf(`{${parameter}}`) - 1];
  switch (before) {
    case 'results':
      return 'publicScan';
    case 'scan':
      return path.startsWith('/api/v1/batch/') ? 'batch' : 'scan';
    case 'api-keys':
      return 'key';
    case 'watched-sites':
      return 'site';
    case 'thresholds':
      return 'threshold';
    case 'webhooks':
      return 'webhook';
    case 'deliveries':
      return 'event';
    default:
      return undefined;
  }
}

// Generated ids: well-formed unknown UUIDs, near misses, and text of any kind (percent-encoded when sent).
const generatedId: fc.Arbitrary<string> = fc
  .oneof(
    { weight: 3, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.uuid().map((id) => id.toUpperCase()) },
    { weight: 1, arbitrary: fc.uuid().map((id) => id.slice(0, -1)) },
    { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9_~-]{1,80}$/) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }) },
    { weight: 1, arbitrary: fc.constantFrom('0', '-1', 'null', 'undefined', '%', 'x'.repeat(2_000), '😀', '\u0000') },
    // "." and ".." are dot segments, which the client resolves away: another path, not an id.
  )
  .filter((id) => id !== '.' && id !== '..');

function paramArbitrary(path: string, name: string): fc.Arbitrary<ParamPlan> {
  const pool = poolFor(path, name);
  const generated = fc.oneof(
    { weight: 6, arbitrary: generatedId.map((value): ParamPlan => ({ value })) },
    // Sent as is: percent-escapes that are not UTF-8, or not escapes at all.
    {
      weight: 1,
      arbitrary: fc.constantFrom('%E0%A4', '%FF', '%zz', '%', '%C0%AF', '%ED%A0%80', 'a%00b').map((raw): ParamPlan => ({ raw })),
    },
  );
  if (!pool) return generated;
  return fc.oneof(
    { weight: 3, arbitrary: fc.nat(1_000).map((index): ParamPlan => ({ pool, index })) },
    { weight: 2, arbitrary: generated },
  );
}

function queryValue(name: string, schema: JsonSchema | undefined, context: PlanContext): fc.Arbitrary<string> {
  const valid = schemaArbitrary(schema ?? {}, context, { name }).map((value) =>
    typeof value === 'string' ? value : JSON.stringify(value),
  );
  const wrong = isTargetName(name)
    ? context.targetUrl
    : fc.oneof(
        fc.constantFrom('', '-1', '1.5', '0x10', '1e3', ' 1', 'null', '99999999999999999999', '😀', '%00'),
        fc.string({ unit: 'binary', maxLength: 50 }),
      );
  return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: wrong });
}

function queryArbitrary(operation: Operation, context: PlanContext): fc.Arbitrary<string> {
  const parameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  const entries = parameters.map((parameter) =>
    fc.option(
      queryValue(parameter.name, parameter.schema, context).map((value) => [parameter.name, value] as [string, string]),
      { nil: undefined, freq: 2 },
    ),
  );
  const extra = fc.option(
    fc.oneof(
      fc.tuple(fc.stringMatching(/^[a-z]{1,8}$/), fc.string({ maxLength: 10 })),
      // A parameter given twice.
      parameters.length > 0
        ? fc.constantFrom(...parameters.map((parameter) => [parameter.name, '1'] as [string, string]))
        : fc.constant(['x', '1'] as [string, string]),
    ),
    { nil: undefined, freq: 5 },
  );
  // Sent as is: broken percent-escapes, a bare name, an empty pair.
  const raw = fc.option(fc.constantFrom('limit=%zz', 'cursor=%E0%A4', 'token=%FF%FE', 'offset', '&&', '=1', 'token=%ED%A0%80'), {
    nil: undefined,
    freq: 8,
  });
  return fc.tuple(fc.tuple(...entries), extra, raw).map(([chosen, more, rawPair]) => {
    const pairs = [...chosen.filter((pair): pair is [string, string] => pair !== undefined), ...(more ? [more] : [])];
    return [
      ...pairs.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`),
      ...(rawPair ? [rawPair] : []),
    ].join('&');
  });
}

const keyFor = (operation: Operation): fc.Arbitrary<KeyKind> =>
  operation.takesKey
    ? fc.oneof(
        { weight: 5, arbitrary: fc.constant<KeyKind>('growth') },
        { weight: 3, arbitrary: fc.constant<KeyKind>('free') },
        { weight: 1, arbitrary: fc.constant<KeyKind>('none') },
        { weight: 1, arbitrary: fc.constant<KeyKind>('bogus') },
      )
    : fc.oneof({ weight: 4, arbitrary: fc.constant<KeyKind>('none') }, { weight: 1, arbitrary: fc.constantFrom<KeyKind>('free', 'bogus') });

/** Authorization headers that are not a valid credential: malformed, unknown, a session-shaped token, another scheme. */
const bogusAuthorizations: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'Bearer ak_live_' + 'x'.repeat(40),
    'Bearer',
    'Bearer ',
    'Basic dXNlcjpwYXNz',
    'bearer  ak_test_123',
    'Bearer sess_' + 'a'.repeat(43),
    'Bearer ' + 'k'.repeat(5_000),
    'Bearer a b',
  ),
  fc.stringMatching(/^[A-Za-z0-9_-]{1,80}$/).map((token) => `Bearer ${token}`),
);

const idempotencyHeaders: fc.Arbitrary<Array<[string, string]>> = fc.oneof(
  { weight: 6, arbitrary: fc.constant<Array<[string, string]>>([]) },
  { weight: 2, arbitrary: fc.stringMatching(/^[!-~]{1,40}$/).map((key): Array<[string, string]> => [['idempotency-key', key]]) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.stringMatching(/^[a-z0-9]{1,20}$/), fc.stringMatching(/^[a-z0-9]{1,20}$/))
      .map(([a, b]): Array<[string, string]> => [
        ['idempotency-key', a],
        ['idempotency-key', b],
      ]),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Array<[string, string]>>(
      [['idempotency-key', '']],
      [['idempotency-key', 'k'.repeat(300)]],
      [['idempotency-key', 'tab\there']],
    ),
  },
);

/** Every way this operation is fuzzed: key, path parameters, query, body and headers. */
export function requestArbitrary(operation: Operation, context: PlanContext, rawBody: boolean): fc.Arbitrary<PlannedRequest> {
  const pathNames = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
  const params = fc.record(Object.fromEntries(pathNames.map((name) => [name, paramArbitrary(operation.path, name)])));
  let body: fc.Arbitrary<BodyPlan | undefined> = fc.constant(undefined);
  if (operation.bodySchema !== undefined) {
    const schema = operation.bodySchema;
    const resolved = typeof schema === 'object' && typeof schema.$ref === 'string' ? context.resolve(schema.$ref) : schema;
    const required = typeof resolved === 'object' && Array.isArray(resolved.required) ? (resolved.required as string[]) : [];
    body = mutatedBodies(
      schemaArbitrary(schema, context),
      required,
      { any: context.targetUrl, loopback: context.loopbackUrl },
      context.maxBodyBytes,
    );
  } else if (rawBody) {
    body = fc.option(rawBodies(context.maxBodyBytes), { nil: undefined });
  }
  const headers = operation.method === 'POST' ? idempotencyHeaders : fc.constant<Array<[string, string]>>([]);
  return fc.record({
    operation: fc.constant(operation),
    key: keyFor(operation),
    bogusAuthorization: bogusAuthorizations,
    params,
    query: queryArbitrary(operation, context),
    body,
    headers,
  });
}
