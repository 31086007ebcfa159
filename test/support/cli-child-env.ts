/**
 * The environment for a CLI the tests spawn: without npm's variables, a CI job's GITHUB_STEP_SUMMARY and
 * GITHUB_OUTPUT (which the CLI would write to), a service the developer's shell points at
 * (AGENT_READINESS_API_URL and _KEY), or the private targets another project's global setup set.
 */
export function cliChildEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] =>
        entry[1] !== undefined &&
        !entry[0].startsWith('npm_') &&
        !entry[0].startsWith('GITHUB_') &&
        !entry[0].startsWith('AGENT_READINESS_') &&
        entry[0] !== 'ALLOW_PRIVATE_TARGETS',
    ),
  );
}
