import { spawn } from 'node:child_process';

/**
 * `npm test`'s static checks, all at once (each uses one core; one after another they were a
 * fixed minute and a half before any test ran): the type checks, ESLint and Prettier. Each one's output
 * is printed whole once it ends, in this order; the exit code is 1 when any failed.
 */
const checks = [
  ['typecheck', 'tsc', '--noEmit'],
  // The pages' browser code has its own settings: the DOM's types, no Node's (browser/tsconfig.json).
  ['typecheck:browser', 'tsc', '--noEmit', '-p', 'browser'],
  ['lint', 'eslint', '.'],
  ['format:check', 'prettier', '--check', '.'],
] as const;

function run([name, command, ...args]: readonly string[]): Promise<{ name: string; code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['--no-install', command!, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => resolve({ name: name!, code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code, signal) => resolve({ name: name!, code: code ?? (signal ? 1 : 0), output }));
  });
}

const results = await Promise.all(checks.map(run));
for (const { name, code, output } of results) {
  console.log(`> ${name}: ${code === 0 ? 'passed' : `failed (exit ${code})`}`);
  if (output.trim() !== '') console.log(output.trimEnd());
}
process.exit(results.some((result) => result.code !== 0) ? 1 : 0);
