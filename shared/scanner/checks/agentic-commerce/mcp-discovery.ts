import type { Artifacts } from '#shared/scanner/artifacts.js';
import { readPage, readWellKnown, scannedPages } from '#shared/scanner/checks/read-artifacts.js';
import type { WellKnownReading } from '#shared/scanner/checks/read-artifacts.js';
import { because } from '#shared/scanner/checks/wording.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import type { Advice, CheckDefinition, CheckOutcome, Evidence } from '#shared/scanner/checks/types.js';
import { MCP_SERVER_CARD_MEDIA_TYPE } from '#shared/scanner/parse/well-known/ai-catalog/media-types.js';
import type { McpDiscovery } from '#shared/scanner/parse/well-known/mcp.js';
import { SERVER_CARD_V1_SCHEMA } from '#shared/scanner/parse/well-known/mcp/server-card-v1.js';
import type { WebMcpTool } from '#shared/scanner/extract/webmcp-tools.js';
import { adviseMcpDrive, judgeMcpDrive } from '#shared/scanner/checks/agentic-commerce/mcp-drive-verdict.js';

/**
 * A paid scan connects to the declared server and lists what it offers (shared/scanner/drives), and that decides;
 * otherwise the declaration is judged. No scan ever calls a tool.
 */
function evaluate(artifacts: Artifacts): CheckOutcome {
  const { site } = artifacts;
  const files = [readWellKnown(site.mcpServerCard)];
  const ucp = readWellKnown(site.ucp);
  if (site.mcpDrive) {
    const declaredAt = declaringDocument(site.mcpDrive.endpoint, files[0], ucp);
    const driven = judgeMcpDrive(site.mcpDrive, declaredAt);
    const platformProvided = declaredAt === ucp.url && artifacts.platform.platform === 'shopify';
    return platformProvided ? { ...driven, platformProvided } : driven;
  }
  const present = files.filter((f): f is Extract<WellKnownReading<McpDiscovery>, { state: 'present' }> => f.state === 'present');
  const tools = webMcpTools(artifacts);

  const valid = present.find((f) => f.document.valid && f.document.endpoints.length > 0);
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
  const registered = tools.filter((t) => t.tool.registered);
  if (registered.length > 0) {
    const names = registered.map((t) => t.tool.name).join(', ');
    return outcome.pass(
      `The shop's forms declare ${registered.length === 1 ? 'a WebMCP tool' : `${registered.length} WebMCP tools`} (${names}) browser agents can call.`,
      registered.map((t) => evidence(t.url, `<form toolname="${t.tool.name}" tooldescription="${t.tool.description}">`)),
    );
  }
  const card = present[0];
  if (card) {
    const { document } = card;
    const why = document.valid
      ? document.templatedEndpoints.length > 0
        ? `its remote URL is a template (${document.templatedEndpoints.join(', ')}) with no address an agent can call as written`
        : 'it declares no remote endpoint an agent can connect to'
      : document.problems.join('; ');
    return outcome.warn(`${card.url} is there but does not declare a usable MCP server: ${why}.`, [evidence(card.url, why)]);
  }
  const unregistered = tools[0];
  if (unregistered) {
    const missing = unregistered.tool.name === '' ? 'toolname' : 'tooldescription';
    return outcome.warn(
      `A form on ${unregistered.url} is marked as a WebMCP tool but has no ${missing}, so the browser does not register it.`,
      tools.map((t) => evidence(t.url, `toolname="${t.tool.name}" tooldescription="${t.tool.description}"`)),
    );
  }
  const all = [...files, ucp];
  const proof: Evidence[] = all.map((f) => evidence(f.url, f.state === 'present' ? 'no MCP transport' : f.reason));
  const unread = all.find((f) => f.state === 'not_assessed');
  if (unread?.state === 'not_assessed') return outcome.notAssessed(`MCP discovery not checked: ${unread.url} ${unread.reason}.`, proof);
  return outcome.notAssessed(
    'MCP does not apply: the shop declares no MCP server (no server card in its AI Catalog or at /.well-known, no MCP transport in UCP) and no WebMCP tools.',
    proof,
  );
}

/** The document that named the driven endpoint: the server card when it lists it, else the UCP profile. */
function declaringDocument(endpoint: string, card: WellKnownReading<McpDiscovery> | undefined, ucp: { url: string }): string {
  return card?.state === 'present' && card.document.endpoints.includes(endpoint) ? card.url : ucp.url;
}

/** The WebMCP forms on the homepage and product pages that could be read. */
function webMcpTools(artifacts: Artifacts): { url: string; tool: WebMcpTool }[] {
  return scannedPages(artifacts).flatMap((page) => {
    const reading = readPage(page);
    return reading.readable ? reading.page.facts.webMcpTools.map((tool) => ({ url: page.url, tool })) : [];
  });
}

function advise(result: CheckOutcome, artifacts: Artifacts): Advice {
  const driven = artifacts.site.mcpDrive ? adviseMcpDrive(artifacts.site.mcpDrive, result) : null;
  if (driven) return driven;
  const origin = artifacts.site.origin;
  const form = webMcpTools(artifacts)[0];
  const cardPresent = artifacts.site.mcpServerCard.result?.present === true;
  if (form && !form.tool.registered && !cardPresent) {
    return {
      title: 'Give your WebMCP form both toolname and tooldescription',
      why: because('A browser registers a form as a WebMCP tool only when it has both a toolname and a tooldescription.', result),
      fix: 'Add the missing attribute to the form, naming what the tool does and when an agent should use it.',
      snippet: `<form action="${form.tool.action || '/search'}" toolname="${form.tool.name || 'searchProducts'}" tooldescription="${form.tool.description || 'Search the catalog by keyword and return matching products.'}">`,
      effort: 'S',
    };
  }
  const host = new URL(origin).hostname;
  const card = {
    $schema: SERVER_CARD_V1_SCHEMA,
    name: `${host.split('.').reverse().join('.')}/store`,
    version: '1.0.0',
    description: 'Search the catalog, read product details and start a checkout.',
    remotes: [{ type: 'streamable-http', url: `${origin}/mcp` }],
  };
  const catalog = {
    specVersion: '1.0',
    entries: [{ identifier: `urn:air:${host}:mcp:store`, type: MCP_SERVER_CARD_MEDIA_TYPE, url: `${origin}/mcp/server-card` }],
  };
  return {
    title: 'Fix your MCP server card',
    why: because(
      `Agents that use the Model Context Protocol read the server card to find the shop's MCP server and connect to it.`,
      result,
    ),
    fix: `Serve the card as JSON at ${origin}/mcp/server-card (your MCP endpoint plus /server-card), with its $schema, name, version, description and remote endpoint (remotes[].type and an absolute url), and list it in ${origin}/.well-known/ai-catalog.json; or declare the server as an mcp transport in your UCP profile.`,
    snippet: `// ${origin}/mcp/server-card\n${JSON.stringify(card, null, 2)}\n\n// ${origin}/.well-known/ai-catalog.json\n${JSON.stringify(catalog, null, 2)}`,
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
