import { z } from 'zod';
import { DateTime } from '#shared/http/schemas/common-schemas.js';

const DependencyStatus = z.object({ status: z.enum(['ok', 'error']), latencyMs: z.number().int() });

export const Health = z
  .object({
    status: z.enum(['ok', 'degraded']),
    service: z.string(),
    version: z.string(),
    time: DateTime,
    dependencies: z.record(z.string(), DependencyStatus),
  })
  .meta({ id: 'Health' });

export const OpenApiDocument = z.record(z.string(), z.unknown()).meta({ id: 'OpenApiDocument' });
