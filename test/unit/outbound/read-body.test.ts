import { Readable } from 'node:stream';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FetchError } from '#shared/outbound/fetch-error.js';
import { parseContentEncoding, readBody } from '#shared/outbound/read-body.js';

const TEXT = Buffer.from('<html><body>'.concat('agent-ready '.repeat(500), '</body></html>'));
const ROOMY = { maxBytes: 1024 * 1024, onOverflow: 'error' } as const;

function streamOf(data: Buffer, chunkSize = 1000): Readable {
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < data.length; offset += chunkSize) chunks.push(data.subarray(offset, offset + chunkSize));
  return Readable.from(chunks);
}

describe('readBody', () => {
  it('passes an unencoded body through and counts its bytes', async () => {
    const read = await readBody(streamOf(TEXT), undefined, ROOMY);
    expect(read).toEqual({ body: TEXT, bytes: TEXT.length, truncated: false });
  });

  it.each([
    ['gzip', gzipSync(TEXT)],
    ['x-gzip', gzipSync(TEXT)],
    ['deflate', deflateSync(TEXT)],
    ['br', brotliCompressSync(TEXT)],
    ['identity', TEXT],
    ['GZIP', gzipSync(TEXT)],
  ])('decompresses content-encoding %s', async (encoding, payload) => {
    const read = await readBody(streamOf(payload, 64), encoding, ROOMY);
    expect(read.body.equals(TEXT)).toBe(true);
    expect(read.bytes).toBe(TEXT.length);
  });

  it('accepts raw deflate, which some servers send as "deflate"', async () => {
    const read = await readBody(streamOf(deflateRawSync(TEXT)), 'deflate', ROOMY);
    expect(read.body.equals(TEXT)).toBe(true);
  });

  it('undoes stacked codings in reverse order of application', async () => {
    const payload = brotliCompressSync(gzipSync(TEXT));
    const read = await readBody(streamOf(payload), 'gzip, br', ROOMY);
    expect(read.body.equals(TEXT)).toBe(true);
  });

  it('reads concatenated gzip members', async () => {
    const payload = Buffer.concat([gzipSync(Buffer.from('first ')), gzipSync(Buffer.from('second'))]);
    const read = await readBody(streamOf(payload), 'gzip', ROOMY);
    expect(read.body.toString()).toBe('first second');
  });

  it('returns an empty body without decompressing it (HEAD, 204, empty gzip)', async () => {
    const read = await readBody(Readable.from([]), 'gzip', ROOMY);
    expect(read).toEqual({ body: Buffer.alloc(0), bytes: 0, truncated: false });
  });

  it('keeps exactly the cap and flags truncated when the kind truncates', async () => {
    const read = await readBody(streamOf(TEXT, 333), undefined, { maxBytes: 1000, onOverflow: 'truncate' });
    expect(read.truncated).toBe(true);
    expect(read.bytes).toBe(1000);
    expect(read.body.equals(TEXT.subarray(0, 1000))).toBe(true);
  });

  it('counts the cap on decompressed bytes, not on the wire size', async () => {
    const payload = gzipSync(TEXT);
    expect(payload.length).toBeLessThan(1000);
    const read = await readBody(streamOf(payload), 'gzip', { maxBytes: 1000, onOverflow: 'truncate' });
    expect(read).toMatchObject({ bytes: 1000, truncated: true });
  });

  it('accepts a body of exactly the cap', async () => {
    const read = await readBody(streamOf(TEXT), undefined, { maxBytes: TEXT.length, onOverflow: 'error' });
    expect(read).toMatchObject({ bytes: TEXT.length, truncated: false });
  });

  it('fails with too_large when the kind does not truncate', async () => {
    const error = await readBody(streamOf(gzipSync(TEXT)), 'gzip', { maxBytes: 1000, onOverflow: 'error' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FetchError);
    expect(error).toMatchObject({ kind: 'too_large' });
  });

  it('stops pulling from the source once the cap is passed', async () => {
    let produced = 0;
    const endless = Readable.from(
      (function* () {
        for (;;) {
          produced += 1;
          yield Buffer.alloc(16 * 1024, 0x61);
        }
      })(),
    );
    const read = await readBody(endless, undefined, { maxBytes: 64 * 1024, onOverflow: 'truncate' });
    expect(read).toMatchObject({ bytes: 64 * 1024, truncated: true });
    expect(endless.destroyed).toBe(true);
    expect(produced).toBeLessThan(64);
  });

  it.each([
    ['gzip', gzipSync],
    ['br', brotliCompressSync],
    ['deflate', deflateSync],
  ] as const)('holds a %s bomb to the cap: truncated, or too_large where the kind does not truncate', async (encoding, compress) => {
    const bomb = compress(Buffer.alloc(8 * 1024 * 1024, 0x61));
    expect(bomb.length).toBeLessThan(64 * 1024);
    const cut = await readBody(streamOf(bomb, 4096), encoding, { maxBytes: 64 * 1024, onOverflow: 'truncate' });
    expect(cut).toMatchObject({ bytes: 64 * 1024, truncated: true });
    expect(cut.body.equals(Buffer.alloc(64 * 1024, 0x61))).toBe(true);
    await expect(readBody(streamOf(bomb, 4096), encoding, { maxBytes: 64 * 1024, onOverflow: 'error' })).rejects.toMatchObject({
      kind: 'too_large',
    });
  });

  it('rejects a corrupt or cut-short compressed body', async () => {
    await expect(readBody(streamOf(Buffer.from('definitely not gzip')), 'gzip', ROOMY)).rejects.toThrow();
    const payload = gzipSync(TEXT);
    await expect(readBody(streamOf(payload.subarray(0, payload.length - 20)), 'gzip', ROOMY)).rejects.toThrow();
  });

  it('passes on an error of the source stream', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('socket hang up'));
      },
    });
    await expect(readBody(failing, undefined, ROOMY)).rejects.toThrow('socket hang up');
  });
});

describe('readBody with a coding it cannot undo', () => {
  it('fails as unreachable and releases the source', async () => {
    const source = Readable.from([Buffer.from('compressed?')]);
    await expect(readBody(source, 'zstd', ROOMY)).rejects.toMatchObject({ kind: 'unreachable' });
    expect(source.destroyed).toBe(true);
  });
});

describe('parseContentEncoding', () => {
  it('lists the codings to undo, ignoring identity and blanks', () => {
    expect(parseContentEncoding('gzip')).toEqual(['gzip']);
    expect(parseContentEncoding(' deflate , identity, BR ')).toEqual(['deflate', 'br']);
    expect(parseContentEncoding(undefined)).toEqual([]);
    expect(parseContentEncoding('')).toEqual([]);
  });

  it('refuses codings it cannot undo', () => {
    expect(() => parseContentEncoding('zstd')).toThrow(FetchError);
    expect(() => parseContentEncoding('gzip, compress')).toThrow(expect.objectContaining({ kind: 'unreachable' }));
  });
});
