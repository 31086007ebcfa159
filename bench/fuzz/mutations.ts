import fc from 'fast-check';
import { isTargetName } from './schema-arbitrary.js';

/** A request body as sent: its text (or none), its Content-Type, and what was done to it. */
export interface BodyPlan {
  kind: string;
  text: string | undefined;
  contentType: string | null;
}

type Json = Record<string, unknown>;

/** Strings that trouble parsers and stores: emoji, right-to-left overrides, NUL, a lone surrogate, combining marks. */
const awkwardStrings = [
  '😀👍🏽🇩🇪',
  '\u202Eevil\u202C',
  'a\u0000b',
  '\uD800',
  '\uDFFF x',
  'e\u0301\u0301\u0301',
  '\uFEFF',
  'שלום',
  '  ',
  '',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '%s%n',
  '../../etc/passwd',
];

const wrongTypes: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, [], {}, [null], { nested: { deep: [1] } }),
  fc.integer(),
  fc.array(fc.integer(), { maxLength: 3 }),
);

/** Invalid JSON texts, each refused by JSON.parse. */
const invalidJson = [
  '{',
  '{"a":',
  "{'a': 1}",
  '[1, 2',
  'nul',
  '{"a": 1,}',
  '\u0000',
  '{"a": "\\x"}',
  '{"a": 1} trailing',
  '\uFEFF{"a": 1}',
  '{"a": "\\ud800"',
];

function withOne(value: Json, name: string, replacement: unknown): Json {
  return { ...value, [name]: replacement };
}

/**
 * Ways to break a valid body. A property the service may read as a target only ever gets a target
 * (`target`), or a value that is not a string; never an arbitrary word.
 */
export function mutatedBodies(
  valid: fc.Arbitrary<unknown>,
  required: string[],
  targets: { any: fc.Arbitrary<string>; loopback: fc.Arbitrary<string> },
  maxBodyBytes: number,
): fc.Arbitrary<BodyPlan> {
  const json =
    (kind: string) =>
    (value: unknown): BodyPlan => ({ kind, text: JSON.stringify(value), contentType: 'application/json' });
  const objectValid = valid.filter((value): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value));
  const propertyOf = (value: Json) => fc.constantFrom(...(Object.keys(value).length > 0 ? Object.keys(value) : ['x_missing']));
  return fc.oneof(
    { weight: 10, arbitrary: valid.map(json('valid')) },
    {
      weight: 2,
      arbitrary: objectValid.chain((value) =>
        required.length === 0
          ? fc.constant(json('no-required')(value))
          : fc
              .constantFrom(...required)
              .map((name) => json('required-dropped')(Object.fromEntries(Object.entries(value).filter(([key]) => key !== name)))),
      ),
    },
    {
      weight: 2,
      arbitrary: objectValid.chain((value) =>
        fc.tuple(propertyOf(value), wrongTypes).map(([name, wrong]) => json('wrong-type')(withOne(value, name, wrong))),
      ),
    },
    { weight: 1, arbitrary: fc.tuple(valid, wrongTypes).map(([, wrong]) => json('wrong-type-body')(wrong)) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          objectValid,
          fc.dictionary(fc.stringMatching(/^x_[a-zA-Z]{1,10}$/), fc.oneof(fc.integer(), fc.boolean(), fc.constantFrom(...awkwardStrings)), {
            minKeys: 1,
            maxKeys: 4,
          }),
        )
        .map(([value, extra]) => json('extra-fields')({ ...value, ...extra })),
    },
    {
      weight: 2,
      arbitrary: objectValid.chain((value) =>
        fc
          .tuple(propertyOf(value), fc.integer({ min: 101, max: 20_000 }), targets.loopback)
          .map(([name, length, url]) =>
            json('over-long')(withOne(value, name, isTargetName(name) ? `${url}${'a'.repeat(length)}` : 'x'.repeat(length))),
          ),
      ),
    },
    {
      weight: 2,
      arbitrary: objectValid.chain((value) =>
        fc.tuple(propertyOf(value), fc.constantFrom(...awkwardStrings), targets.loopback).map(([name, awkward, url]) =>
          // In a target, the awkward text goes in the path or query of a loopback URL.
          json('unicode')(withOne(value, name, isTargetName(name) ? `${url}${awkward}` : awkward)),
        ),
      ),
    },
    {
      weight: 1,
      arbitrary: objectValid.chain((value) => {
        const arrays = Object.keys(value).filter((name) => Array.isArray(value[name]));
        if (arrays.length === 0) return fc.constant(json('no-array')(value));
        return fc
          .tuple(fc.constantFrom(...arrays), fc.integer({ min: 51, max: 400 }))
          .chain(([name, length]) =>
            fc
              .array(
                isTargetName(name)
                  ? targets.any
                  : fc.constantFrom(...((value[name] as unknown[]).length > 0 ? (value[name] as unknown[]) : ['scan_complete'])),
                { minLength: length, maxLength: length },
              )
              .map((items) => json('array-too-long')(withOne(value, name, items))),
          );
      }),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...invalidJson).map((text): BodyPlan => ({ kind: 'invalid-json', text, contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<BodyPlan>(
        { kind: 'empty-body', text: '', contentType: 'application/json' },
        { kind: 'no-body', text: undefined, contentType: null },
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          valid,
          fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', null),
        )
        .map(([value, contentType]): BodyPlan => ({ kind: 'wrong-content-type', text: JSON.stringify(value), contentType })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(objectValid, fc.integer({ min: 1, max: 4_096 })).map(([value, over]): BodyPlan => ({
        kind: 'over-size-limit',
        text: JSON.stringify({ ...value, x_padding: 'p'.repeat(maxBodyBytes + over) }),
        contentType: 'application/json',
      })),
    },
  );
}

/** A body for a route that reads its body raw (Stripe events, one-click unsubscribe). */
export const rawBodies = (maxBodyBytes: number): fc.Arbitrary<BodyPlan> =>
  fc.oneof(
    fc.constantFrom<BodyPlan>(
      { kind: 'one-click', text: 'List-Unsubscribe=One-Click', contentType: 'application/x-www-form-urlencoded' },
      {
        kind: 'stripe-event',
        text: JSON.stringify({ id: 'evt_fuzz', type: 'checkout.session.completed', data: { object: {} } }),
        contentType: 'application/json',
      },
      { kind: 'empty-body', text: '', contentType: 'application/json' },
      { kind: 'no-body', text: undefined, contentType: null },
    ),
    fc.constantFrom(...invalidJson, ...awkwardStrings).map((text): BodyPlan => ({ kind: 'raw-text', text, contentType: 'text/plain' })),
    fc
      .integer({ min: 1, max: 4_096 })
      .map((over): BodyPlan => ({ kind: 'over-size-limit', text: 'r'.repeat(maxBodyBytes + over), contentType: 'text/plain' })),
  );
