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
const runs: Array<{ name: string; projects: string[]; niceness: number }> = [
  // The files that start services of their own run first, beside each other; then the shared stack's, one at a time.
  { name: 'integration', projects: ['--project', 'own-services', '--project', 'integration'], niceness: 0 },
  { name: 'unit, browser and infra', projects: ['--project', 'unit', '--project', 'browser', '--project', 'infra'], niceness: 10 },
];

const extra = process.argv.slice(2);
// With file filters, the run whose projects hold none of those files has nothing to do: that is no failure.
const filtered = extra.length > 0 ? ['--passWithNoTests'] : [];
// The children write to pipes, so they would drop their colours on a terminal without this.
const colour = process.stdout.isTTY ? { FORCE_COLOR: '1' } : {};

interface Outcome {
  code: number;
  output: string;
}

function vitest({ projects, niceness }: { projects: string[]; niceness: number }): Promise<Outcome> {
  const command = ['npx', 'vitest', 'run', ...projects, ...filtered, ...extra];
  const [program, ...args] = niceness > 0 && process.platform !== 'win32' ? ['nice', '-n', String(niceness), ...command] : command;
  return new Promise((resolve) => {
    const child = spawn(program!, args, { stdio: ['inherit', 'pipe', 'pipe'], env: { ...process.env, ...colour } });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      chunks.push(chunk);
    });
    const output = () => Buffer.concat(chunks).toString('utf8');
    child.on('error', (error) => resolve({ code: 1, output: `${output()}\n${error.message}` }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: output() }));
  });
}

const MAX_REPLAYED_LINES = 300;
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

/**
 * The two runs' outputs interleave, and a log's reader often sees only its end: a failed run's report is
 * written again there, from Vitest's first "Failed …" or "Unhandled …" banner, or its last lines without one.
 */
function failureReport(output: string): string {
  const lines = output.split('\n');
  const start = lines.findIndex((line) => /⎯{2,}.*(Failed (Tests|Suites)|Unhandled )/.test(line.replace(ANSI, '')));
  const from = start >= 0 ? start : Math.max(0, lines.length - 60);
  return lines.slice(from, from + MAX_REPLAYED_LINES).join('\n');
}

const outcomes = await Promise.all(runs.map(vitest));
outcomes.forEach(({ code, output }, index) => {
  if (code === 0) return;
  process.stdout.write(`\n── ${runs[index]!.name} failed (exit ${code}); its report again ──\n${failureReport(output)}\n`);
});
process.exit(outcomes.some(({ code }) => code !== 0) ? 1 : 0);
