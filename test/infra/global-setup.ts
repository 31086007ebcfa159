import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Every synthesis without an explicit outdir writes a `cdk.out*` folder into the temp directory. The
 * infra project points the temp directory of its test processes at one folder of its own (they are
 * forked after this runs, with this environment) and removes that folder when the run ends.
 */
export default function setup(): () => void {
  const runFolder = mkdtempSync(path.join(tmpdir(), 'readiness-infra-'));
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = runFolder;
  process.env.READINESS_INFRA_TMP = runFolder;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(runFolder, { recursive: true, force: true });
  };
}
