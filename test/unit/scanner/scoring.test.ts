import { describe, expect, it } from 'vitest';
import { allChecks } from '#shared/scanner/checks/index.js';
import { outcome, type CheckDefinition, type CheckOutcome } from '#shared/scanner/checks/types.js';
import { dimensions } from '#shared/scanner/dimensions.js';
import type { CheckId } from '#shared/scanner/checks/check-ids.js';
import { recommend } from '#shared/scanner/recommendations.js';
import { bandOf, score } from '#shared/scanner/scoring.js';
import { buildArtifacts } from '#test/unit/scanner/checks/build-artifacts.js';

const definition = (
  id: string,
  dimension: CheckDefinition['dimension'],
  points: number,
  effort: 'S' | 'M' | 'L' = 'S',
): CheckDefinition => ({
  // The scorer judges any definitions it is given; these stand for checks by letter.
  id: id as CheckId,
  dimension,
  title: id,
  points,
  evaluate: () => outcome.pass('ok'),
  advise: () => ({ title: `Fix ${id}`, why: 'because', fix: 'do it', snippet: null, effort }),
});

const run = (pairs: [CheckDefinition, CheckOutcome][], caps: { id: string; limit: number; reason: string }[] = []) =>
  score(
    pairs.map(([def, result]) => ({ definition: def, outcome: result })),
    caps,
  );

describe('scoring', () => {
  it('has the rubric dimensions and weights, and checks that add up to them', () => {
    expect(dimensions.map((d) => [d.id, d.weight])).toEqual([
      ['agent_access', 20],
      ['raw_html', 15],
      ['product_data', 25],
      ['policies_trust', 15],
      ['discovery', 10],
      ['agentic_commerce', 15],
    ]);
    for (const dimension of dimensions) {
      expect(
        allChecks.filter((c) => c.dimension === dimension.id).reduce((sum, c) => sum + c.points, 0),
        dimension.id,
      ).toBe(dimension.weight);
    }
    expect(new Set(allChecks.map((c) => c.id)).size).toBe(allChecks.length);
  });

  it('scores earned over available, leaving not-applicable and not-assessed checks out of the denominator', () => {
    const a = definition('a', 'agent_access', 6);
    const b = definition('b', 'agent_access', 4);
    const c = definition('c', 'raw_html', 10);
    const result = run([
      [a, outcome.pass('')],
      [b, outcome.warn('')],
      [c, outcome.notAssessed('')],
    ]);
    expect(result.dimensions.find((d) => d.id === 'agent_access')).toMatchObject({ score: 80, earned: 8, available: 10 });
    expect(result.dimensions.find((d) => d.id === 'raw_html')).toMatchObject({ score: null, available: 0 });
    expect(result.score).toBe(80);
    expect(result.coverage).toBe(0.1);
    const withNotApplicable = run([
      [a, outcome.pass('')],
      [b, outcome.notApplicable('')],
    ]);
    expect(withNotApplicable.score).toBe(100);
  });

  it('clamps to 1..100 and applies the lowest cap', () => {
    const a = definition('a', 'agent_access', 6);
    expect(run([[a, outcome.fail('')]]).score).toBe(1);
    const capped = run(
      [[a, outcome.pass('')]],
      [
        { id: 'robots_blocks_ai', limit: 40, reason: 'r' },
        { id: 'bot_wall', limit: 25, reason: 'w' },
      ],
    );
    expect(capped.uncapped).toBe(100);
    expect(capped.score).toBe(25);
    expect(capped.band).toBe('not_ready');
    expect(capped.caps.map((cap) => cap.id)).toEqual(['robots_blocks_ai', 'bot_wall']);
  });

  it('reports only the caps that lowered the score', () => {
    const a = definition('a', 'agent_access', 10);
    const result = run([[a, outcome.fraction(0.3, '')]], [{ id: 'empty_shell', limit: 50, reason: 'shell' }]);
    expect(result.score).toBe(30);
    expect(result.caps).toEqual([]);
  });

  it('bands at 90, 70 and 50', () => {
    expect([100, 90, 89, 70, 69, 50, 49, 1].map(bandOf)).toEqual([
      'agent_ready',
      'agent_ready',
      'partially_ready',
      'partially_ready',
      'needs_work',
      'needs_work',
      'not_ready',
      'not_ready',
    ]);
  });
});

describe('recommendations', () => {
  const artifacts = buildArtifacts();

  it('advises on every warning or failing check with points, with the gain it would add', () => {
    const big = definition('big', 'product_data', 6, 'L');
    const small = definition('small', 'discovery', 1, 'S');
    const info = definition('info', 'agent_access', 0);
    const fine = definition('fine', 'raw_html', 3);
    const scored = run([
      [big, outcome.fail('')],
      [small, outcome.warn('')],
      [info, outcome.fail('')],
      [fine, outcome.pass('')],
    ]);
    const recs = recommend(scored.checks, new Map([big, small, info, fine].map((d) => [d.id, d])), artifacts, scored);
    expect(recs.map((r) => r.checkId)).toEqual(['big', 'small']);
    expect(recs[0]).toMatchObject({ estimatedGain: 60, priority: 'critical', effort: 'L', title: 'Fix big' });
    expect(recs[1]).toMatchObject({ estimatedGain: 5, priority: 'high' });
  });

  it('lists the most important change first, as every surface shows it: priority, then gain', () => {
    const large = definition('large', 'product_data', 8, 'L');
    const quick = definition('quick', 'discovery', 4, 'S');
    const defs = new Map([large, quick].map((d) => [d.id, d]));
    const scored = run([
      [large, outcome.fail('')],
      [quick, outcome.fail('')],
      [definition('ok', 'raw_html', 8), outcome.pass('')],
    ]);
    const recs = recommend(scored.checks, defs, artifacts, scored);
    // Both critical by their gains: the larger gain leads, whatever its effort (the quick-wins view reorders).
    expect(recs.map((r) => [r.checkId, r.estimatedGain, r.priority])).toEqual([
      ['large', 40, 'critical'],
      ['quick', 20, 'critical'],
    ]);
  });

  it('counts what a cap holds back in the gain of the check behind it', () => {
    const shell = definition('ssr_text', 'raw_html', 4, 'M');
    const other = definition('other', 'discovery', 2, 'S');
    const defs = new Map([shell, other].map((d) => [d.id, d]));
    const scored = run(
      [
        [shell, outcome.fail('')],
        [other, outcome.fail('')],
        [definition('ok', 'agent_access', 94), outcome.pass('')],
      ],
      [{ id: 'empty_shell', limit: 50, reason: 'shell' }],
    );
    expect(scored).toMatchObject({ uncapped: 94, score: 50 });
    const recs = recommend(scored.checks, defs, artifacts, scored);
    expect(recs.map((r) => [r.checkId, r.estimatedGain, r.priority])).toEqual([
      ['ssr_text', 48, 'critical'],
      ['other', 2, 'medium'],
    ]);
  });
});
