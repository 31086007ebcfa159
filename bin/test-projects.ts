import { spawn } from 'node:child_process';

/**
 * `npm test`'s Vitest run: the integration project in two Vitest processes of its own (each half of its
 * files, each with its own local stack), beside one process for the other three. Integration files go
 * one at a time within a stack and mostly wait (on timers, retries and child processes), so in one
 * process they were the run's long tail (docs/decisions/073-integration-beside-the-other-projects.md).
 * Arguments go to every run.
 */
const integrationShards = 2;
const runs = [
  ...Array.from({ length: integrationShards }, (_, index) => ['--project', 'integration', `--shard=${index + 1}/${integrationShards}`]),
  ['--project', 'unit', '--project', 'browser', '--project', 'infra'],
];

const extra = process.argv.slice(2);
// With file filters, the run whose projects hold none of those files has nothing to do: that is no failure.
const filtered = extra.length > 0 ? ['--passWithNoTests'] : [];

function vitest(projects: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', ...projects, ...filtered, ...extra], { stdio: 'inherit' });
    child.on('error', () => resolve(1));
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const codes = await Promise.all(runs.map(vitest));
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
