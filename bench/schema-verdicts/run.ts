/**
 * `npm run conformance -- <dir>`: judges every document of a conformance corpus (laid out as the one
 * test/support/outside-data.ts finds beside the repository; without a folder, that one) and prints, per standard, how many the scan judged as
 * the standard's own schema does, with each miss. Exits 1 when a case is missed, 2 when there is no corpus.
 */
import { conformanceCorpusIn } from '#test/support/outside-data.js';
import { describeTallies, judgeCorpus, tallyByStandard } from './judge-corpus.js';

const dir = process.argv[2];
const corpus = conformanceCorpusIn(dir);
if (!corpus.present) {
  console.error(corpus.reason);
  process.exit(2);
}
const tallies = tallyByStandard(await judgeCorpus(corpus));
console.log(describeTallies(tallies));
const total = tallies.reduce((sum, tally) => sum + tally.judged, 0);
const asExpected = tallies.reduce((sum, tally) => sum + tally.asExpected, 0);
console.log(`all: ${asExpected}/${total}`);
process.exit(asExpected === total ? 0 : 1);
