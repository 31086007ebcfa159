import type { Retrieval, SiteArtifacts, SiteFile } from '#shared/scanner/artifacts.js';
import type { ReadDocument } from '#shared/scanner/documents/agent-document.js';
import { catalogLinks } from '#shared/scanner/documents/catalog-links.js';
import { chooseCandidate, readCandidate, type Candidate } from '#shared/scanner/documents/read-document.js';
import { documentNames, documentOf, type DocumentName } from '#shared/scanner/documents/registry.js';

/** Asks for a URL in a fetch round, as gather.ts asks for small files. */
export type AskDocument = (url: string, round: number) => Promise<Retrieval>;

/** One place a document is asked for, before it has answered. */
interface Asked {
  url: string;
  /** The path on the shop's origin; null for a URL an AI Catalog entry gave. */
  path: string | null;
  via?: Candidate['via'];
  retrieval: Promise<Retrieval>;
}

export type DocumentsInFlight = Record<DocumentName, Promise<Asked[]>>;

/** A document's paths on the scanned URL's origin: where its standard puts it, then the older ones. */
function pathsOf(name: DocumentName): { path: string; via?: Candidate['via'] }[] {
  const document = documentOf(name);
  return [
    ...document.paths.map((path) => ({ path })),
    ...(document.legacyPaths?.paths ?? []).map((path) => ({ path, via: 'legacy_path' as const })),
  ];
}

/**
 * Every wanted document asked for at once: its paths in the first round and, as soon as the AI Catalog has
 * answered, the catalog entries that point at it in the second.
 */
export function askDocuments(at: (path: string) => string, ask: AskDocument, wanted: (name: DocumentName) => boolean): DocumentsInFlight {
  const fixed = Object.fromEntries(
    documentNames.map((name) => [
      name,
      wanted(name)
        ? pathsOf(name).map(({ path, via }) => ({ url: at(path), path, ...(via ? { via } : {}), retrieval: ask(at(path), 1) }))
        : [],
    ]),
  ) as Record<DocumentName, Asked[]>;
  const catalog = fixed.aiCatalog[0]?.retrieval ?? Promise.resolve(null);
  const linked = catalog.then((retrieval) =>
    retrieval === null
      ? []
      : catalogLinks(retrieval, wanted).map((link) => {
          // An entry naming a place already asked for (a card listed at its .well-known path) is not asked again.
          const already = fixed[link.document].find((place) => place.url === link.url);
          return {
            document: link.document,
            asked: { url: link.url, path: null, via: 'ai_catalog' as const, retrieval: already?.retrieval ?? ask(link.url, 2) },
          };
        }),
  );
  return Object.fromEntries(
    documentNames.map((name) => [
      name,
      documentOf(name).catalogTypes
        ? linked.then((links) => [...links.filter((link) => link.document === name).map((link) => link.asked), ...fixed[name]])
        : Promise.resolve(fixed[name]),
    ]),
  ) as DocumentsInFlight;
}

/**
 * Each document read where it was found: every place's answer read by the document's reader, the best kept.
 * A document nobody asked for (a re-check that does not need it) keeps its first path, not fetched.
 */
export async function readDocuments(
  inFlight: DocumentsInFlight,
  at: (path: string) => string,
  origin: string,
  startedAt: number,
  notAsked: Retrieval,
): Promise<Pick<SiteArtifacts, DocumentName>> {
  const read = await Promise.all(
    documentNames.map(async (name) => {
      const asked = await inFlight[name];
      const places = asked.length > 0 ? asked : [placeholder(name, at, notAsked)];
      const reads: SiteFile<ReadDocument>[] = await Promise.all(
        places.map(async (place) =>
          readCandidate(
            name,
            {
              url: place.url,
              canonicalUrl: place.path === null ? place.url : `${origin}${place.path}`,
              retrieval: await place.retrieval,
              ...(place.via ? { via: place.via } : {}),
            },
            origin,
            startedAt,
          ),
        ),
      );
      return [name, chooseCandidate(name, reads)] as const;
    }),
  );
  return Object.fromEntries(read) as unknown as Pick<SiteArtifacts, DocumentName>;
}

function placeholder(name: DocumentName, at: (path: string) => string, notAsked: Retrieval): Asked {
  const [first] = pathsOf(name);
  if (first === undefined) throw new Error(`${name} declares no path`);
  return { url: at(first.path), path: first.path, ...(first.via ? { via: first.via } : {}), retrieval: Promise.resolve(notAsked) };
}
