import { z } from 'zod';
import { CheckStatus, DateTime, Uuid, type Same } from '#shared/http/schemas/common-schemas.js';
import type { RecheckResult as ModelRecheckResult } from '#shared/model/scans/recheck-result.js';
import { checkIds, isCheckId } from '#shared/scanner/checks/check-ids.js';

const CheckVerdict = z
  .object({
    status: CheckStatus,
    score: z.number().min(0).max(1).nullable(),
    summary: z.string(),
  })
  .meta({ id: 'CheckVerdict' });

export const RecheckedCheck = z
  .object({
    checkId: z.string(),
    title: z.string(),
    dimension: z.string(),
    before: CheckVerdict,
    after: CheckVerdict,
    fixed: z.boolean().meta({ description: 'It warned or failed in the scan and passes now' }),
  })
  .meta({ id: 'RecheckedCheck' });

export const RecheckResult = z
  .object({
    scanId: Uuid,
    url: z.string(),
    checkedAt: DateTime,
    pages: z.array(z.string()).meta({ description: "The scan's pages fetched again for these checks" }),
    checks: z.array(RecheckedCheck),
  })
  .meta({ id: 'RecheckResult' });

/** POST /api/v1/scan/{id}/recheck: which checks to judge again; without it, those the scan warned about or failed. */
export const recheckRequest = z
  .strictObject({
    checks: z
      .array(
        z
          .string()
          .max(64)
          .refine((id) => isCheckId(id), { error: (issue) => `unknown check ${String(issue.input)}` }),
      )
      .min(1)
      .max(checkIds.length)
      .refine((ids) => new Set(ids).size === ids.length, { error: 'each check at most once' })
      .optional()
      .meta({ description: 'Check ids (e.g. "llms_txt"); default: the checks the scan warned about or failed' }),
  })
  .meta({ id: 'RecheckRequest' });

export const recheckResultMatchesModel: Same<z.output<typeof RecheckResult>, ModelRecheckResult> = true;
