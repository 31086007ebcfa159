/**
 * The standards' own published examples, each served on a loopback shop and scanned: every one must be
 * judged as its standard's schema judges it (judge-corpus.ts of the bench, `npm run conformance`).
 * The corpus lies outside the repository; without it this suite says so in one line.
 */
import { describe, expect, it } from 'vitest';
import { describeTallies, judgeCorpus, tallyByStandard } from '../../../bench/schema-verdicts/judge-corpus.js';
import { conformanceCorpus, orSkipped } from '#test/support/outside-data.js';

const corpus = orSkipped(conformanceCorpus(), 'conformance corpus');

describe.runIf(corpus !== undefined)('the conformance corpus', () => {
  it("judges every official example as its standard's own schema does", async () => {
    const verdicts = await judgeCorpus(corpus!);
    expect(verdicts.length).toBe(corpus!.manifest().cases.length);
    const tallies = tallyByStandard(verdicts);
    expect(
      tallies.flatMap((tally) => tally.misses),
      describeTallies(tallies),
    ).toEqual([]);
    for (const verdict of verdicts.filter((each) => each.case.expected === 'valid')) {
      expect(verdict.signal?.version, `${verdict.case.id} reports the version it declares`).toBe(verdict.case.declares);
    }
  }, 120_000);
});
