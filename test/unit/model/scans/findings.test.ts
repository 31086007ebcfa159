import { expect, it } from 'vitest';
import { findingFor, findingsOf } from '#shared/model/scans/findings.js';
import type { Recommendation } from '#shared/model/scans/scan-result.js';

function fix(
  checkId: string,
  priority: Recommendation['priority'],
  estimatedGain: number,
  effort: Recommendation['effort'],
  sameFixAs?: string,
) {
  const recommendation: Recommendation = { checkId, priority, title: checkId, why: '', fix: '', snippet: null, estimatedGain, effort };
  return sameFixAs === undefined ? recommendation : { ...recommendation, sameFixAs };
}

it('makes one finding of a change and what it also fixes, ranked as the group', () => {
  const findings = findingsOf([
    fix('offer_core', 'critical', 6.25, 'S', 'schema_present'),
    fix('llms_txt', 'medium', 2, 'S'),
    fix('schema_present', 'high', 5, 'M'),
    fix('identifiers', 'low', 1.1, 'L', 'schema_present'),
  ]);
  expect(
    findings.map(({ checkId, checkIds, priority, estimatedGain, effort }) => ({ checkId, checkIds, priority, estimatedGain, effort })),
  ).toEqual([
    // Most important first, as every surface lists them: the critical group before the medium fix.
    {
      checkId: 'schema_present',
      checkIds: ['schema_present', 'offer_core', 'identifiers'],
      priority: 'critical',
      estimatedGain: 12.4,
      effort: 'L',
    },
    { checkId: 'llms_txt', checkIds: ['llms_txt'], priority: 'medium', estimatedGain: 2, effort: 'S' },
  ]);
  expect(findingFor(findings, 'identifiers')?.checkId).toBe('schema_present');
});

it('ranks a group by its summed gain when that is more urgent than any of its parts', () => {
  const [finding] = findingsOf([fix('attributes', 'medium', 3.4, 'M'), fix('reviews', 'medium', 2.2, 'S', 'attributes')]);
  expect([finding?.estimatedGain, finding?.priority]).toEqual([5.6, 'high']);
});

it('lets a recommendation whose lead is missing stand alone, and keeps the first of a repeated check', () => {
  const findings = findingsOf([
    fix('offer_core', 'high', 5, 'S', 'schema_present'),
    fix('offer_core', 'low', 1, 'S'),
    fix('reviews', 'low', 1, 'S'),
  ]);
  expect(findings.map((finding) => [finding.checkId, finding.priority, finding.also.length])).toEqual([
    ['offer_core', 'high', 0],
    ['reviews', 'low', 0],
  ]);
});
