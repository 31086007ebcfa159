/**
 * A service's transport binding as the business schema states it: a transport from the enum; rest, mcp and
 * a2a say where to call (`endpoint`); an embedded binding's config is the embedded transport config.
 */

import { z } from 'zod';
import { isRecord } from '../json-body.js';
import { entity } from './entities.js';
import { anObject, uri, whenObject } from './fields.js';
import type { UcpRules } from './ucp-rules.js';
import { expected, quoted } from './ucp-wording.js';

const TRANSPORTS = ['rest', 'mcp', 'a2a', 'embedded'] as const;
const NEEDS_ENDPOINT = new Set<unknown>(['rest', 'mcp', 'a2a']);

function embeddedConfig(rules: UcpRules) {
  const colorScheme = z.array(
    z.enum(['light', 'dark'], { error: (issue) => `${quoted(issue.input)} is not a color scheme (light or dark)` }),
    { error: expected('is missing', 'a list of color schemes') },
  );
  return z.looseObject(
    {
      delegate: z
        .array(z.string({ error: expected('is missing', 'text') }), { error: expected('is missing', 'a list of delegations') })
        .optional(),
      ...(rules.embeddedColorScheme ? { color_scheme: colorScheme.optional() } : {}),
    },
    anObject,
  );
}

export function serviceEntry(rules: UcpRules) {
  const embedded = embeddedConfig(rules);
  return z
    .looseObject(
      {
        ...entity(rules, 'service entry'),
        transport: z.enum(TRANSPORTS, {
          error: (issue) =>
            issue.input === undefined
              ? 'each service entry needs a transport: rest, mcp, a2a or embedded'
              : `${quoted(issue.input)} is not a transport (rest, mcp, a2a or embedded)`,
        }),
        endpoint: uri().optional(),
      },
      anObject,
    )
    .superRefine((service, context) => {
      if (NEEDS_ENDPOINT.has(service.transport) && service.endpoint === undefined)
        context.addIssue({ code: 'custom', path: ['endpoint'], message: `a ${service.transport} binding needs an endpoint URL` });
      if (service.transport !== 'embedded' || !isRecord(service.config)) return;
      for (const issue of embedded.safeParse(service.config).error?.issues ?? [])
        context.addIssue({ code: 'custom', path: ['config', ...issue.path], message: issue.message });
    }, whenObject);
}
