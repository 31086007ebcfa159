/**
 * The draft's Constraint Expression (common/types/constraint_expression on main), which an available payment
 * instrument's `constraints` holds: a closed object of `required` (non-empty unique names), `properties`
 * (non-empty, each a nested expression or a value constraint of `enum` and/or `const`) and `anyOf` (non-empty
 * list of non-empty expressions). Nothing else may appear in either kind of object.
 */

import { z } from 'zod';
import { builtOnFirstUse } from '../built-on-first-use.js';
import { isRecord } from '../json-body.js';
import { expected, quoted } from './ucp-wording.js';

/** JSON text with object keys sorted, so equal JSON values compare equal whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isRecord(value))
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

const isUnique = (values: unknown[]) => new Set(values.map(canonical)).size === values.length;

/** A closed object: a member the schema does not define is named in the message. */
function closed(what: string) {
  return {
    error: (issue: z.core.$ZodRawIssue) =>
      issue.code === 'unrecognized_keys'
        ? `${issue.keys.map((key) => quoted(key)).join(', ')} cannot appear in ${what}`
        : expected('is missing', 'an object')(issue),
  };
}

function buildConstraintExpression(): z.ZodType {
  const valueConstraint = z
    .strictObject(
      {
        enum: z
          .array(z.unknown(), { error: expected('is missing', 'a list of values') })
          .min(1, { error: 'must list at least one value' })
          .refine(isUnique, { error: 'must not list a value twice' })
          .optional(),
        const: z.unknown().optional(),
      },
      closed('a value constraint (enum, const)'),
    )
    .refine((value) => 'enum' in value || 'const' in value, { error: 'a value constraint needs enum or const' });

  const expression: z.ZodType = z.lazy(() =>
    z.strictObject(
      {
        required: z
          .array(z.string({ error: expected('is missing', 'text') }), { error: expected('is missing', 'a list of property names') })
          .min(1, { error: 'must name at least one property, or be left out' })
          .refine(isUnique, { error: 'must not name a property twice' })
          .optional(),
        properties: z
          .record(z.string(), constraintOrValue, { error: expected('is missing', 'an object') })
          .refine((properties) => Object.keys(properties).length > 0, { error: 'must constrain at least one property, or be left out' })
          .optional(),
        anyOf: z
          .array(
            expression.refine((branch) => isRecord(branch) && Object.keys(branch).length > 0, {
              error: 'an empty branch matches everything: give it a constraint',
            }),
            { error: expected('is missing', 'a list of constraint expressions') },
          )
          .min(1, { error: 'must list at least one alternative, or be left out' })
          .optional(),
      },
      closed('a constraint expression (required, properties, anyOf)'),
    ),
  );

  /** A property's constraint: a value constraint when it speaks of enum or const, else a nested expression. */
  const constraintOrValue = z.unknown().superRefine((value, context) => {
    const branch = isRecord(value) && ('enum' in value || 'const' in value) ? valueConstraint : expression;
    for (const issue of branch.safeParse(value).error?.issues ?? [])
      context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });
  return expression;
}

/** The draft's constraint expression, one schema for every payment handler that uses it. */
export const constraintExpression = builtOnFirstUse(buildConstraintExpression);
