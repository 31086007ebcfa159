import { expect } from 'vitest';
import type { ScanResult } from '#shared/model/scans/scan-result.js';
import { snippetBlockType } from '#shared/scanner/shared-snippets.js';

/**
 * No advice for what passes: every recommendation belongs to a check that warned or failed, at most
 * one per check; a cause whose owning check passes gets no advice from another check (the robots.txt
 * `Sitemap:` line belongs to `sitemap`); and one root cause, one example: no two recommendations carry a
 * JSON-LD block of the same type, and each that points to another's points to one that is there.
 */
export function expectAdviceOnlyForFindings(result: ScanResult, label: string): void {
  const statusOf = new Map(result.checks.map((check) => [check.id, check.status]));
  for (const recommendation of result.recommendations) {
    expect(['warn', 'fail'], `${label}: advice "${recommendation.title}" for ${recommendation.checkId}`).toContain(
      statusOf.get(recommendation.checkId),
    );
  }
  const checkIds = result.recommendations.map((recommendation) => recommendation.checkId);
  expect(new Set(checkIds).size, `${label}: one recommendation per check`).toBe(checkIds.length);
  const types = result.recommendations.map((recommendation) => snippetBlockType(recommendation.snippet)).filter((type) => type !== null);
  expect(types, `${label}: one JSON-LD example per type`).toEqual([...new Set(types)]);
  for (const recommendation of result.recommendations.filter((candidate) => candidate.sameFixAs !== undefined)) {
    expect(checkIds, `${label}: ${recommendation.checkId} points to a recommendation that is there`).toContain(recommendation.sameFixAs);
  }
  if (statusOf.get('sitemap') === 'pass') {
    const asking = result.recommendations.filter((recommendation) => /Sitemap/.test(`${recommendation.title} ${recommendation.fix}`));
    expect(
      asking.map((recommendation) => recommendation.checkId),
      `${label}: a Sitemap line advised while sitemap passes`,
    ).toEqual([]);
  }
}
