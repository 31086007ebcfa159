import type { Artifacts, WellKnown } from '#shared/scanner/artifacts.js';
import { isJsonMediaType } from '#shared/scanner/parse/well-known/serving.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import type { Advice, CheckDefinition, CheckOutcome, Evidence } from '#shared/scanner/checks/types.js';
import { because, listWords } from '#shared/scanner/checks/wording.js';
import { linkTargets } from '#shared/scanner/link-relations.js';
import { versionOf } from '#shared/scanner/standards.js';
import { agentDocuments } from '#shared/scanner/documents/registry.js';
import { wellKnownStatus, type DocumentStatus } from '#shared/scanner/signals/document-status.js';

/**
 * The machine-readable catalogs of what a shop offers agents: an AI Catalog
 * (/.well-known/ai-catalog.json, ai-catalog.io draft) and an RFC 9727 API catalog
 * (/.well-known/api-catalog). Optional: a shop that publishes neither is not judged on them.
 */
interface Catalog {
  label: string;
  url: string;
  read: DocumentStatus<{ warnings: string[] }>;
  /** Targets of the homepage's `ai-catalog` / `api-catalog` link relation (Link header or `<link>`). */
  declared: string[];
}

/**
 * A body that is not JSON at all (an HTML soft 404, an empty page) at a catalog path is no catalog: the
 * check reads it as not published, as the other /.well-known checks do. One that says it is JSON and
 * does not parse is a broken catalog. (The signals inventory lists both as invalid.)
 */
function asPublished<T>(file: WellKnown<T>, read: DocumentStatus<T>): DocumentStatus<T> {
  if (read.status !== 'invalid' || read.document !== null || file.retrieval.state !== 'fetched') return read;
  const { status, headers } = file.retrieval.resource;
  if (status >= 500 || isJsonMediaType(headers['content-type'] ?? null)) return read;
  return { status: 'missing', problems: [], document: null };
}

function catalogs(artifacts: Artifacts): Catalog[] {
  const { aiCatalog, apiCatalog } = artifacts.site;
  return [
    {
      label: 'AI catalog',
      url: aiCatalog.url,
      read: asPublished(aiCatalog, wellKnownStatus(aiCatalog, agentDocuments.aiCatalog.media)),
      declared: linkTargets(artifacts.homepage, 'ai-catalog'),
    },
    {
      label: 'API catalog',
      url: apiCatalog.url,
      read: asPublished(apiCatalog, wellKnownStatus(apiCatalog, agentDocuments.apiCatalog.media)),
      declared: linkTargets(artifacts.homepage, 'api-catalog'),
    },
  ];
}

function describe(catalog: Catalog): string {
  const { status, problems } = catalog.read;
  if (status === 'invalid') return problems.join('; ');
  if (status === 'not_checked') return 'not fetched';
  const warnings = catalog.read.document?.warnings ?? [];
  return status === 'valid' && warnings.length > 0 ? `valid; to improve: ${warnings.slice(0, 3).join('; ')}` : status;
}

function evaluate(artifacts: Artifacts): CheckOutcome {
  const all = catalogs(artifacts);
  const proof: Evidence[] = all.map((catalog) => evidence(catalog.url, describe(catalog)));
  const valid = all.filter((catalog) => catalog.read.status === 'valid');
  const broken = all.filter((catalog) => catalog.read.status === 'invalid');
  const first = broken[0];
  if (first) {
    const finding = broken.map((catalog) => `the ${catalog.label} at ${catalog.url} is broken (${describe(catalog)})`).join('; ');
    if (valid.length > 0) return outcome.warn(`${capitalise(finding)}, while the ${valid[0]?.label ?? ''} is valid.`, proof);
    return outcome.fail(`${capitalise(finding)}, so agents cannot read it.`, proof);
  }
  if (valid.length > 0) {
    return outcome.pass(
      `The shop publishes ${listWords(valid.map((catalog) => `a valid ${catalog.label}`))} for agents to discover its services.`,
      proof,
    );
  }
  const elsewhere = all.filter((catalog) => catalog.declared.some((url) => url !== catalog.url));
  if (elsewhere.length > 0) {
    const where = elsewhere.map((catalog) => `its ${catalog.label} at ${catalog.declared.join(', ')}`).join(' and ');
    return outcome.notAssessed(`The homepage links ${where}; the scan reads catalogs only at their /.well-known paths.`, [
      ...proof,
      ...elsewhere.flatMap((catalog) =>
        catalog.declared.map((url) =>
          evidence(url, `declared by the homepage (rel=${catalog.label === 'AI catalog' ? 'ai-catalog' : 'api-catalog'})`),
        ),
      ),
    ]);
  }
  if (all.some((catalog) => catalog.read.status === 'not_checked')) {
    return outcome.notAssessed('Agent catalogs not checked: a catalog URL was not fetched.', proof);
  }
  return outcome.notAssessed('No AI catalog or API catalog is published: optional, so not scored.', proof);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function advise(result: CheckOutcome, artifacts: Artifacts): Advice {
  const origin = artifacts.site.origin;
  const host = new URL(origin).hostname;
  const broken = catalogs(artifacts).find((catalog) => catalog.read.status === 'invalid');
  if (broken?.label === 'API catalog') {
    const linkset = {
      linkset: [
        {
          anchor: `${origin}/.well-known/api-catalog`,
          item: [{ href: `${origin}/api` }],
        },
        {
          anchor: `${origin}/api`,
          'service-desc': [{ href: `${origin}/api/openapi.json`, type: 'application/openapi+json' }],
          'service-doc': [{ href: `${origin}/developers`, type: 'text/html' }],
        },
      ],
    };
    return {
      title: 'Fix your API catalog (/.well-known/api-catalog)',
      why: because("RFC 9727 API catalogs let agents find the shop's APIs and their descriptions without scraping.", result),
      fix: `Serve ${origin}/.well-known/api-catalog as application/linkset+json (profile "https://www.rfc-editor.org/info/rfc9727") with a "linkset" array: an "item" link to each API, and "service-desc" / "service-doc" links anchored at each API.`,
      snippet: JSON.stringify(linkset, null, 2),
      effort: 'S',
    };
  }
  const catalog = {
    specVersion: versionOf('aiCatalog'),
    host: { displayName: host, identifier: host },
    entries: [
      {
        identifier: `urn:air:${host}:mcp:store`,
        type: 'application/mcp-server-card+json',
        url: `${origin}/.well-known/mcp/server-card.json`,
      },
    ],
  };
  return {
    title: 'Fix your AI catalog (/.well-known/ai-catalog.json)',
    why: because('An AI catalog lists the agents and MCP servers a shop offers, so agents find them in one request.', result),
    fix: `Serve ${origin}/.well-known/ai-catalog.json as application/ai-catalog+json with "specVersion" ("Major.Minor") and an "entries" array; each entry needs an "identifier", a "type" (the artifact's media type) and exactly one of "url" or "data".`,
    snippet: JSON.stringify(catalog, null, 2),
    effort: 'S',
  };
}

export const agentCatalogsCheck: CheckDefinition = {
  id: 'agent_catalogs',
  dimension: 'discovery',
  title: 'AI catalog and API catalog',
  points: 1,
  evaluate,
  advise,
};
