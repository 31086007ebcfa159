import type { Artifacts } from '#shared/scanner/artifacts.js';
import { readWellKnown } from '#shared/scanner/checks/read-artifacts.js';
import type { WellKnownReading } from '#shared/scanner/checks/read-artifacts.js';
import { because } from '#shared/scanner/checks/wording.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import type { Advice, CheckDefinition, CheckOutcome, Evidence } from '#shared/scanner/checks/types.js';
import type { McpDiscovery } from '#shared/scanner/parse/well-known/mcp.js';

/** Read only: the scanner never connects to a declared MCP server or invokes its tools. */
function evaluate(artifacts: Artifacts): CheckOutcome {
  const files = [readWellKnown(artifacts.site.mcp), readWellKnown(artifacts.site.mcpServerCard)];
  const ucp = readWellKnown(artifacts.site.ucp);
  const present = files.filter((f): f is Extract<WellKnownReading<McpDiscovery>, { state: 'present' }> => f.state === 'present');

  const valid = present.find((f) => f.document.valid);
  if (valid) {
    const doc = valid.document;
    return outcome.pass(`${valid.url} declares an MCP server ("${doc.name ?? ''}") agents can connect to.`, [
      evidence(
        valid.url,
        `endpoints: ${doc.endpoints.join(', ')}${doc.transports.length > 0 ? `; transports: ${doc.transports.join(', ')}` : ''}`,
      ),
    ]);
  }
  if (ucp.state === 'present' && (ucp.document.mcpEndpoints.length > 0 || ucp.document.transports.includes('mcp'))) {
    const endpoints = ucp.document.mcpEndpoints.join(', ') || 'mcp transport without an absolute endpoint';
    const platformProvided = artifacts.platform.platform === 'shopify';
    return outcome.pass(
      `The UCP profile declares an MCP transport (${endpoints}).`,
      [evidence(ucp.url, `mcp: ${endpoints}`)],
      platformProvided ? { platformProvided } : {},
    );
  }
  const invalid = present[0];
  if (invalid) {
    const problems = invalid.document.problems.join('; ');
    return outcome.warn(`${invalid.url} is there but does not declare a usable MCP server: ${problems}.`, [
      evidence(invalid.url, problems),
    ]);
  }
  const all = [...files, ucp];
  const proof: Evidence[] = all.map((f) => evidence(f.url, f.state === 'present' ? 'no MCP transport' : f.reason));
  const unread = all.find((f) => f.state === 'not_assessed');
  if (unread?.state === 'not_assessed') return outcome.notAssessed(`MCP discovery not checked: ${unread.url} ${unread.reason}.`, proof);
  return outcome.fail('No MCP server is declared (no /.well-known/mcp.json, no server card, no MCP transport in UCP).', proof);
}

function advise(result: CheckOutcome, artifacts: Artifacts): Advice {
  const origin = artifacts.site.origin;
  const card = {
    name: `${new URL(origin).hostname} store`,
    version: '1.0.0',
    description: 'Search the catalog, read product details and start a checkout.',
    remotes: [{ type: 'streamable-http', url: `${origin}/mcp` }],
  };
  return {
    title: 'Declare your MCP server at /.well-known/mcp/server-card',
    why: because(
      `Agents that use the Model Context Protocol look for a server card to find the shop's tools (catalog search, cart, checkout).`,
      result,
    ),
    fix: `If you run an MCP server for the shop (or your platform provides one), publish its server card at ${origin}/.well-known/mcp/server-card (or /.well-known/mcp.json) with its name and remote endpoint, or declare it as an mcp transport in your UCP profile.`,
    snippet: JSON.stringify(card, null, 2),
    effort: 'M',
  };
}

export const mcpDiscoveryCheck: CheckDefinition = {
  id: 'mcp_discovery',
  dimension: 'agentic_commerce',
  title: 'MCP server discovery',
  points: 2,
  evaluate,
  advise,
};
