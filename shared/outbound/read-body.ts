import { Readable, pipeline } from 'node:stream';
import type { Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate, createInflateRaw } from 'node:zlib';
import { FetchError } from './fetch-error.js';
import type { ResourceLimit } from './resource-limits.js';

export const ACCEPT_ENCODING = 'gzip, deflate, br';

export interface ReadBody {
  /** Decompressed bytes, at most limit.maxBytes of them. */
  body: Buffer;
  bytes: number;
  truncated: boolean;
}

type Coding = 'gzip' | 'deflate' | 'br';

const CODINGS: Readonly<Record<string, Coding | null>> = {
  gzip: 'gzip',
  'x-gzip': 'gzip',
  deflate: 'deflate',
  br: 'br',
  identity: null,
};

/**
 * Reads a response body, decompressing it while counting the decompressed bytes, and stops as soon
 * as the cap is passed: zlib streams respect back-pressure, so a gzip or brotli bomb is never
 * inflated beyond the cap (plus one chunk).
 */
export async function readBody(
  source: Readable,
  contentEncoding: string | undefined,
  limit: Pick<ResourceLimit, 'maxBytes' | 'onOverflow'>,
): Promise<ReadBody> {
  let codings: Coding[];
  try {
    codings = parseContentEncoding(contentEncoding);
  } catch (error) {
    // Release the socket; destroying reports an 'error' event nobody needs to see.
    source.once('error', () => {});
    source.destroy();
    throw error;
  }
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first = await chunks.next();
  // An empty body has nothing to decompress (and an empty gzip stream would be an error).
  if (first.done) return { body: Buffer.alloc(0), bytes: 0, truncated: false };

  const replayed = Readable.from(replay(first.value, chunks), { objectMode: false });
  if (codings.length === 0) return collect(replayed, limit);

  // Content-Encoding lists codings in the order they were applied: undo them last to first.
  const decoders = codings.toReversed().map((coding, index) => createDecoder(coding, index === 0 ? first.value[0] : undefined));
  const output = decoders.at(-1)!;
  // Errors reach the consumer through `output`, which pipeline destroys with the first error.
  pipeline([replayed, ...decoders], () => {});
  return collect(output, limit);
}

export function parseContentEncoding(header: string | undefined): Coding[] {
  const codings: Coding[] = [];
  for (const token of (header ?? '').split(',')) {
    const name = token.trim().toLowerCase();
    if (name === '') continue;
    const coding = CODINGS[name];
    if (coding === undefined) throw new FetchError('unreachable', `unsupported content-encoding "${name}"`);
    if (coding !== null) codings.push(coding);
  }
  return codings;
}

function createDecoder(coding: Coding, firstByte: number | undefined): Transform {
  switch (coding) {
    case 'gzip':
      // Some servers concatenate gzip members; gunzip reads them all.
      return createGunzip();
    case 'br':
      return createBrotliDecompress();
    case 'deflate':
      // "deflate" should be zlib-wrapped (RFC 9110), but some servers send raw deflate;
      // browsers accept both. A zlib header's first byte has 8 (deflate) as its low nibble.
      return firstByte === undefined || (firstByte & 0x0f) === 0x08 ? createInflate() : createInflateRaw();
  }
}

async function* replay(first: Buffer, rest: AsyncIterator<Buffer>): AsyncGenerator<Buffer> {
  try {
    yield first;
    for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
  } finally {
    // Stopping early (cap reached, error) must release the response body and its socket.
    await rest.return?.();
  }
}

async function collect(stream: Readable, limit: Pick<ResourceLimit, 'maxBytes' | 'onOverflow'>): Promise<ReadBody> {
  const kept: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const room = limit.maxBytes - bytes;
    if (chunk.length > room) {
      if (limit.onOverflow === 'error') {
        throw new FetchError('too_large', `body is larger than ${limit.maxBytes} bytes`);
      }
      kept.push(chunk.subarray(0, room));
      bytes += room;
      return { body: Buffer.concat(kept, bytes), bytes, truncated: true };
    }
    kept.push(chunk);
    bytes += chunk.length;
  }
  return { body: Buffer.concat(kept, bytes), bytes, truncated: false };
}
