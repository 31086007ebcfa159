import path from 'node:path';

/**
 * How the person started the CLI, so the usage line shows a command they can run again:
 * `npm run scan --` under `npm run scan`, `npx agent-readiness-scan` under npx (npm exec), the bin name when
 * run from PATH, else `node <script>`.
 */
export function invokedAs(env: NodeJS.ProcessEnv = process.env, argv: readonly string[] = process.argv, cwd = process.cwd()): string {
  if (env.npm_lifecycle_event === 'scan') return 'npm run scan --';
  if (env.npm_command === 'exec' || env.npm_lifecycle_event === 'npx') return 'npx agent-readiness-scan';
  const script = argv[1] ?? '';
  if (path.basename(script) === 'agent-readiness-scan') return 'agent-readiness-scan';
  if (script === '') return 'agent-readiness-scan';
  const relative = path.relative(cwd, script);
  return `node ${relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : script}`;
}
