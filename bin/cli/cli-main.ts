import { main as scanMain } from '#bin/cli/scan-main.js';

/**
 * The command line's entry: `mcp` serves the tools over stdio (bin/cli/mcp-main.ts, loaded only then, so a
 * scan does not evaluate the MCP SDK); anything else is a scan (bin/cli/scan-main.ts).
 */
export async function main(argv: string[]): Promise<number> {
  if (argv[0] !== 'mcp') return scanMain(argv);
  const { runMcp } = await import('#bin/cli/mcp-main.js');
  return runMcp(argv.slice(1));
}
