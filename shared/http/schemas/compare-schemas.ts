import { z } from 'zod';
import { CheckStatus, NullableDateTime, TierName, Uuid, type Same } from '#shared/http/schemas/common-schemas.js';
import type { Competition } from '#shared/model/sites/competition.js';

const Standing = z.enum(['site', 'competitor', 'tied']);

const Lead = z
  .object({
    ahead: Standing.nullable().meta({ description: 'Who is ahead now; null when either has no figure (never scanned, not assessed)' }),
    by: z.number().nullable().meta({ description: 'Points between the two; 0 when tied' }),
    since: NullableDateTime.meta({
      description:
        'The scan time that starts the current standing’s unbroken run across both score histories; null when the histories cannot tell (snapshots from before comparisons lack dimension scores)',
    }),
    sinceStart: z.boolean().meta({
      description: 'The standing held in every snapshot where both had a figure: `since` is the first such time, not a change',
    }),
  })
  .meta({ id: 'CompetitionLead' });

const SiteFigures = z
  .object({
    id: Uuid,
    label: z.string(),
    url: z.string(),
    isCompetitor: z.boolean(),
    score: z.number().int().nullable(),
    scannedAt: NullableDateTime,
    scanStatus: z
      .enum(['ok', 'failed'])
      .nullable()
      .meta({ description: '`failed`: the last rescan failed; the figures are the last good scan’s' }),
    scanId: z.string().nullable(),
    depth: TierName.nullable().meta({
      description: 'The tier (depth) the last score was read at; null when unknown (a scan from before depths were kept, since expired)',
    }),
    dimensions: z
      .record(z.string(), z.number().nullable())
      .meta({ description: 'Each dimension’s score in that scan; empty when it cannot be read' }),
  })
  .meta({ id: 'CompetitionSite' });

const CheckGap = z
  .object({
    checkId: z.string(),
    site: CheckStatus.nullable(),
    competitor: CheckStatus.nullable(),
    ahead: Standing.nullable(),
    by: z.number().nullable().meta({ description: 'Rubric points between the two; null when either is not scored' }),
  })
  .meta({ id: 'CompetitionCheckGap' });

export const CompetitionReport = z
  .object({
    sites: z.array(SiteFigures).meta({ description: 'Every watched site once, oldest first, with its last scan’s figures' }),
    dimensions: z.array(z.object({ id: z.string(), name: z.string() })),
    checks: z
      .array(z.object({ id: z.string(), title: z.string(), dimension: z.string() }))
      .meta({ description: 'The checks named in the pairs’ rows' }),
    comparisons: z.array(
      z
        .object({
          siteId: Uuid,
          competitorId: Uuid,
          depth: z
            .object({
              comparable: z.boolean().meta({
                description:
                  'Both last scans were read at the same depth. When false every lead is null and no check row is given: a deeper scan scores what a shallower one cannot see',
              }),
              site: TierName.nullable(),
              competitor: TierName.nullable(),
              rescan: z.array(Uuid).meta({
                description:
                  'The sites of the pair whose last scan is not at the account’s tier: rescan them (POST …/watched-sites/{id}/rescan) to compare',
              }),
            })
            .meta({ id: 'CompetitionDepth' }),
          overall: Lead,
          dimensions: z.record(z.string(), Lead),
          checks: z.object({
            differing: z.number().int().meta({ description: 'Checks whose status or score differ in the two last scans' }),
            rows: z.array(CheckGap).meta({ description: 'The biggest gaps first, at most `checkRowsPerPair`; as of the two last scans' }),
          }),
        })
        .meta({ id: 'CompetitionPair' }),
    ),
    checkRowsPerPair: z.number().int(),
  })
  .meta({ id: 'CompetitionReport' });

export const competitionReportMatchesModel: Same<z.output<typeof CompetitionReport>, Competition> = true;
