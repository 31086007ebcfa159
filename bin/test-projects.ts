import { spawn } from 'node:child_process';

/**
 * `npm test`'s Vitest run: the integration project in a Vitest process of its own, beside the other three.
 * Integration files go one at a time (they share one local stack), and Vitest runs such a project after
 * every other file, so in one process its files were a serial tail on one of CI's two cores
 * (docs/decisions/073-integration-beside-the-other-projects.md). Arguments go to both runs.
 */
const runs = [
  ['--project', 'integration'],
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
