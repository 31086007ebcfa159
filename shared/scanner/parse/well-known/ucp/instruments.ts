/**
 * A payment handler's `available_instruments` (from 2026-04-08): a non-empty list of instruments, each with
 * a type and optional constraints, a non-empty open object in 2026-04-08 and a constraint expression in the
 * draft. Left out, every instrument is available.
 */

import { z } from 'zod';
import { constraintExpression } from './constraint-expression.js';
import { anObject, anyObject, text } from './fields.js';
import type { UcpRules } from './ucp-rules.js';
import { expected } from './ucp-wording.js';

function openConstraints() {
  return anyObject().refine((constraints) => Object.keys(constraints).length > 0, {
    error: 'must hold at least one constraint, or be left out',
  });
}

export function availableInstruments(shape: NonNullable<UcpRules['availableInstruments']>) {
  const instrument = z.looseObject(
    {
      type: text('each instrument needs a type, such as card'),
      constraints: (shape === 'object' ? openConstraints() : constraintExpression()).optional(),
    },
    anObject,
  );
  return z
    .array(instrument, { error: expected('is missing', 'a list of instruments') })
    .min(1, { error: 'must list at least one instrument, or be left out (then every instrument is available)' });
}
