import { spawn } from 'node:child_process';

/**
 * `npm test`'s Vitest run: the integration project in a Vitest process of its own, beside the other three.
 * Integration files go one at a time (they share one local stack), and Vitest runs such a project after
 * every other file, so in one process its files were a serial tail on one of CI's two cores
 * (docs/decisions/073-integration-beside-the-other-projects.md). Arguments go to both runs.
 */
// The integration files are the critical path: one at a time, mostly waiting on timers and their stack,
// and each slowed by every core the others take. The other projects run at a lower CPU priority, so they
// take what the integration files leave instead of delaying them (docs/decisions/076-static-checks-at-once.md).
const runs: Array<{ projects: string[]; niceness: number }> = [
  { projects: ['--project', 'integration'], niceness: 0 },
  { projects: ['--project', 'unit', '--project', 'browser', '--project', 'infra'], niceness: 10 },
];

const extra = process.argv.slice(2);
// With file filters, the run whose projects hold none of those files has nothing to do: that is no failure.
const filtered = extra.length > 0 ? ['--passWithNoTests'] : [];

function vitest({ projects, niceness }: { projects: string[]; niceness: number }): Promise<number> {
  const command = ['npx', 'vitest', 'run', ...projects, ...filtered, ...extra];
  const [program, ...args] = niceness > 0 && process.platform !== 'win32' ? ['nice', '-n', String(niceness), ...command] : command;
  return new Promise((resolve) => {
    const child = spawn(program!, args, { stdio: 'inherit' });
    child.on('error', () => resolve(1));
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const codes = await Promise.all(runs.map(vitest));
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
