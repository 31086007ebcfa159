import { describe, expect, it } from 'vitest';
import { compareCompetition, leadOf, type CompetitionSite, type HistoryPoint } from '#shared/model/sites/competition.js';

const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`;
const score = (point: HistoryPoint) => point.score;
const points = (...entries: Array<[number, number]>): HistoryPoint[] =>
  entries.map(([day, value]) => ({ scannedAt: at(day), score: value }));

function site(id: string, overrides: Partial<CompetitionSite> = {}): CompetitionSite {
  return {
    id,
    label: id,
    url: `https://${id}.example/`,
    isCompetitor: false,
    score: null,
    scannedAt: null,
    scanStatus: null,
    scanId: null,
    depth: null,
    dimensions: [],
    checks: [],
    history: [],
    ...overrides,
  };
}

describe('who is ahead, by how much, since when', () => {
  it('dates the lead from the start of its unbroken run across interleaved histories', () => {
    // Site: 50 (1st), 70 (5th), 72 (9th); competitor: 60 (2nd), 65 (6th), 80 (7th), 66 (10th).
    // Merged: 1st unknown, 2nd competitor, 5th site, 6th site, 7th competitor, 9th competitor, 10th site.
    const lead = leadOf(
      { site: 72, competitor: 66 },
      { site: points([9, 72], [1, 50], [5, 70]), competitor: points([2, 60], [6, 65], [7, 80], [10, 66]) },
      score,
    );
    expect(lead).toEqual({ ahead: 'site', by: 6, since: at(10), sinceStart: false });

    const longer = leadOf({ site: 70, competitor: 65 }, { site: points([1, 50], [5, 70]), competitor: points([2, 60], [6, 65]) }, score);
    expect(longer).toEqual({ ahead: 'site', by: 5, since: at(5), sinceStart: false });
  });

  it('flags a lead held in every snapshot where both had a score', () => {
    const lead = leadOf(
      { site: 40, competitor: 90 },
      { site: points([3, 41], [8, 40]), competitor: points([1, 90], [6, 91], [9, 90]) },
      score,
    );
    expect(lead).toEqual({ ahead: 'competitor', by: 50, since: at(3), sinceStart: true });
  });

  it('treats a tie as a standing of its own', () => {
    const lead = leadOf({ site: 60, competitor: 60 }, { site: points([1, 70], [4, 60]), competitor: points([2, 60], [3, 60]) }, score);
    expect(lead).toEqual({ ahead: 'tied', by: 0, since: at(4), sinceStart: false });
  });

  it('counts snapshots of both sites at the same instant as one moment', () => {
    const lead = leadOf({ site: 80, competitor: 70 }, { site: points([1, 60], [5, 80]), competitor: points([1, 70], [5, 70]) }, score);
    expect(lead).toEqual({ ahead: 'site', by: 10, since: at(5), sinceStart: false });
  });

  it('says nothing when a side has no figure, and cannot date a standing without history', () => {
    expect(leadOf({ site: null, competitor: 50 }, { site: [], competitor: points([1, 50]) }, score)).toEqual({
      ahead: null,
      by: null,
      since: null,
      sinceStart: false,
    });
    expect(leadOf({ site: 60, competitor: 50 }, { site: [], competitor: [] }, score)).toEqual({
      ahead: 'site',
      by: 10,
      since: null,
      sinceStart: false,
    });
  });

  it('reads snapshots without dimension figures as unknown, never as a change', () => {
    const old = points([1, 50], [2, 50]);
    const site = [...old, { scannedAt: at(5), score: 60, dimensions: { product_data: 80 } }];
    const rival = [
      { scannedAt: at(3), score: 55 },
      { scannedAt: at(6), score: 58, dimensions: { product_data: 70 } },
    ];
    const read = (point: HistoryPoint) => point.dimensions?.product_data;
    expect(leadOf({ site: 80, competitor: 70 }, { site, competitor: rival }, read)).toEqual({
      ahead: 'site',
      by: 10,
      since: at(6),
      sinceStart: true,
    });
    // Only old snapshots: the standing cannot be dated.
    expect(leadOf({ site: 80, competitor: 70 }, { site: old, competitor: points([3, 55]) }, read).since).toBeNull();
  });
});

describe('comparing a watchlist', () => {
  const dimensions = [
    { id: 'agent_access', name: 'Agent access', score: 80 },
    { id: 'product_data', name: 'Product data', score: null },
  ];
  const check = (id: string, status: 'pass' | 'fail' | 'not_assessed', earned: number) => ({
    id,
    dimension: 'agent_access',
    title: `Check ${id}`,
    status,
    score: status === 'not_assessed' ? null : status === 'pass' ? 1 : 0,
    earned,
  });

  it('sets each own site beside each competitor, with the differing checks only', () => {
    const ours = site('ours', {
      score: 70,
      scannedAt: at(9),
      scanStatus: 'ok',
      dimensions,
      checks: [check('a', 'pass', 6), check('b', 'fail', 0), check('c', 'pass', 4)],
      history: points([9, 70]),
    });
    const rival = site('rival', {
      isCompetitor: true,
      score: 75,
      scannedAt: at(8),
      scanStatus: 'failed',
      dimensions: [{ ...dimensions[0]!, score: 60 }, dimensions[1]!],
      checks: [check('a', 'pass', 6), check('b', 'pass', 5), check('c', 'not_assessed', 0)],
      history: points([8, 75]),
    });
    const never = site('never', { isCompetitor: true });
    const result = compareCompetition([ours, rival, never], 'growth');
    expect(result.sites.map((figures) => figures.id)).toEqual(['ours', 'rival', 'never']);
    expect(result.dimensions).toEqual([
      { id: 'agent_access', name: 'Agent access' },
      { id: 'product_data', name: 'Product data' },
    ]);
    expect(result.comparisons).toHaveLength(2);
    const [withRival, withNever] = result.comparisons;
    expect(withRival!.overall).toEqual({ ahead: 'competitor', by: 5, since: at(9), sinceStart: true });
    expect(withRival!.dimensions.agent_access).toMatchObject({ ahead: 'site', by: 20, since: null });
    expect(withRival!.dimensions.product_data).toMatchObject({ ahead: null });
    expect(withRival!.checks).toEqual({
      differing: 2,
      rows: [
        { checkId: 'b', site: 'fail', competitor: 'pass', ahead: 'competitor', by: 5 },
        { checkId: 'c', site: 'pass', competitor: 'not_assessed', ahead: null, by: null },
      ],
    });
    expect(result.checks.map((info) => info.id)).toEqual(['b', 'c']);
    expect(withNever).toMatchObject({ overall: { ahead: null }, checks: { differing: 0, rows: [] } });
  });

  it('sets side by side only scans read at one depth, and names the sites to rescan', () => {
    const ours = site('ours', {
      score: 58,
      scannedAt: at(9),
      scanStatus: 'ok',
      depth: 'free',
      dimensions,
      checks: [check('a', 'pass', 6), check('b', 'not_assessed', 0)],
      history: [{ ...points([9, 58])[0]!, tier: 'free' }],
    });
    const rival = site('rival', {
      isCompetitor: true,
      score: 62,
      scannedAt: at(10),
      scanStatus: 'ok',
      depth: 'growth',
      dimensions: [{ ...dimensions[0]!, score: 20 }, dimensions[1]!],
      checks: [check('a', 'pass', 6), check('b', 'pass', 5)],
      history: [{ ...points([10, 62])[0]!, tier: 'growth' }],
    });
    const [pair] = compareCompetition([ours, rival], 'growth').comparisons;
    expect(pair!.depth).toEqual({ comparable: false, site: 'free', competitor: 'growth', rescan: ['ours'] });
    expect(pair!.overall).toEqual({ ahead: null, by: null, since: null, sinceStart: false });
    expect(Object.values(pair!.dimensions).every((lead) => lead.ahead === null && lead.by === null)).toBe(true);
    expect(pair!.checks).toEqual({ differing: 0, rows: [] });

    // Rescanned at growth: comparable again, and the moment the depths differed dates nothing.
    const rescanned = {
      ...ours,
      score: 64,
      scannedAt: at(11),
      depth: 'growth' as const,
      history: [...ours.history, { scannedAt: at(11), score: 64, tier: 'growth' as const }],
    };
    const [again] = compareCompetition([rescanned, rival], 'growth').comparisons;
    expect(again!.depth).toEqual({ comparable: true, site: 'growth', competitor: 'growth', rescan: [] });
    expect(again!.overall).toEqual({ ahead: 'site', by: 2, since: at(11), sinceStart: true });

    // Depths unknown on either side (kept only since this change) still compare.
    const [legacy] = compareCompetition([{ ...ours, depth: null, history: points([9, 58]) }, rival], 'growth').comparisons;
    expect(legacy!.depth.comparable).toBe(true);
    expect(legacy!.overall).toMatchObject({ ahead: 'competitor', by: 4 });
  });

  it('answers with no pairs when there are no competitors or no own sites', () => {
    expect(compareCompetition([site('a'), site('b')], 'growth').comparisons).toEqual([]);
    expect(compareCompetition([site('a', { isCompetitor: true })], 'growth').comparisons).toEqual([]);
    expect(compareCompetition([], 'growth')).toMatchObject({ sites: [], comparisons: [], checkRowsPerPair: 0 });
  });

  it("stays under half of Lambda's answer limit for the most pairs the growth tier allows, every check differing", () => {
    const dims = ['agent_access', 'raw_html', 'product_data', 'policies_trust', 'discovery', 'agentic_commerce'];
    const checks = Array.from({ length: 45 }, (_, index) => `a_rather_long_check_identifier_${index}`);
    // The two histories interleave and the lead changes hands at every scan, ending where the figures stand.
    const history = (offset: number): HistoryPoint[] =>
      Array.from({ length: 90 }, (_, index) => {
        const high = (89 - index + offset) % 2 === 0;
        return {
          scannedAt: new Date(Date.UTC(2026, 0, 1) + (index * 7 + offset) * 86_400_000).toISOString(),
          score: high ? 100 : 1,
          dimensions: Object.fromEntries(dims.map((id) => [id, high ? 100 : 0])),
          tier: 'growth',
        };
      });
    const sites = Array.from({ length: 100 }, (_, index) => {
      const competitor = index % 2 === 1;
      return site(crypto.randomUUID(), {
        label: 'x'.repeat(100),
        url: `https://site-${index}.example/${'p'.repeat(2_000)}`,
        isCompetitor: competitor,
        score: competitor ? 1 : 100,
        scannedAt: at(20),
        scanStatus: 'ok',
        scanId: crypto.randomUUID(),
        depth: 'growth',
        dimensions: dims.map((id) => ({ id, name: `The dimension ${id}`, score: competitor ? 0 : 100 })),
        checks: checks.map((id) => ({ ...check(id, competitor ? 'fail' : 'pass', competitor ? 0 : 10), title: 't'.repeat(120) })),
        history: history(competitor ? 1 : 0),
      });
    });
    const result = compareCompetition(sites, 'growth');
    expect(result.comparisons).toHaveLength(2_500);
    expect(result.comparisons.every((pair) => pair.checks.differing === 45 && pair.overall.since !== null)).toBe(true);
    // Half of what a Lambda function may answer (6 MB), before the gzip clients that accept it get.
    expect(Buffer.byteLength(JSON.stringify(result), 'utf8')).toBeLessThan(3_000_000);
  });
});
