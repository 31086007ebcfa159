import { load } from 'cheerio/slim';
import { isFetchError } from '#shared/outbound/fetch-error.js';
import type { FetchedResource, Fetcher, FetchOptions } from '#shared/outbound/types.js';
import { looksLikeOwnershipToken, ownershipFilePath, ownershipMetaName, type ProofReading } from '#shared/model/sites/site-ownership.js';

/** An owner waits on the answer (the verify route), and a rescan waits before it scans: a few seconds each. */
const timeouts = { headersMs: 5_000, bodyMs: 5_000, requestMs: 8_000 };
/** Several owners may each keep a token in the file; past this many lines the rest is not read. */
const fileLinesRead = 50;

/**
 * Reads both places a token may be, through the guarded fetcher: the site's page (its `<meta>` tags) and the file at
 * the well-known path of its origin. A redirect is followed only within the site's origin: a page that sends agents
 * elsewhere proves nothing about who controls it.
 */
export async function readOwnershipProof(siteUrl: string, fetcher: Fetcher): Promise<{ meta: ProofReading; file: ProofReading }> {
  const origin = new URL(siteUrl).origin;
  const fileUrl = `${origin}${ownershipFilePath}`;
  const [meta, file] = await Promise.all([
    readPlace(fetcher, siteUrl, origin, { kind: 'html', timeouts }, (page) => ({
      kind: 'read',
      url: siteUrl,
      values: metaValues(page.text),
    })),
    readPlace(fetcher, fileUrl, origin, { kind: 'small', accept: 'text/plain', timeouts }, (answer) => ({
      kind: 'read',
      url: fileUrl,
      values: fileTokens(answer.text),
    })),
  ]);
  return { meta, file };
}

async function readPlace(
  fetcher: Fetcher,
  url: string,
  origin: string,
  options: FetchOptions,
  read: (answer: FetchedResource) => ProofReading,
): Promise<ProofReading> {
  let answer: FetchedResource;
  try {
    answer = await fetcher.fetch(url, options);
  } catch (error) {
    if (isFetchError(error)) return { kind: 'unreadable', url, why: error.publicMessage };
    throw error;
  }
  const landed = new URL(answer.finalUrl).origin;
  if (landed !== origin) return { kind: 'unreadable', url, why: `it redirects to another origin, ${landed}` };
  if (answer.status === 404 || answer.status === 410) return { kind: 'absent', url, why: `HTTP ${answer.status}` };
  if (answer.status < 200 || answer.status >= 300) return { kind: 'unreadable', url, why: `HTTP ${answer.status}` };
  return read(answer);
}

function metaValues(html: string): string[] {
  const $ = load(html);
  return $('meta[name][content]')
    .toArray()
    .filter((element) => $(element).attr('name')?.trim().toLowerCase() === ownershipMetaName)
    .map((element) => ($(element).attr('content') ?? '').trim())
    .filter((value) => value !== '');
}

/** A soft-404 page served with 200 has no line shaped like a token, so it reads as no token, not as another's. */
function fileTokens(text: string): string[] {
  return text
    .split(/\r?\n/)
    .slice(0, fileLinesRead)
    .map((line) => line.trim())
    .filter(looksLikeOwnershipToken);
}
