import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, compressResult } from '#shared/http/compress-result.js';

const big = JSON.stringify({
  scans: Array.from({ length: 200 }, (_, index) => ({ id: index, check: 'robots_ai_agents', status: 'pass' })),
});

describe('response compression', () => {
  it('reads Accept-Encoding with its quality values', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('br;q=1.0, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('')).toBe(false);
  });

  it('gzips a large body for a client that accepts it, losslessly', () => {
    const result = compressResult({ statusCode: 200, headers: { 'content-type': 'application/json' }, body: big }, 'gzip');
    expect(result.isBase64Encoded).toBe(true);
    expect(result.headers).toMatchObject({ 'content-encoding': 'gzip', vary: 'accept-encoding', 'content-type': 'application/json' });
    const restored = gunzipSync(Buffer.from(result.body!, 'base64')).toString('utf8');
    expect(restored).toBe(big);
    expect(result.body!.length).toBeLessThan(big.length / 4);
  });

  it('leaves small bodies, bodiless answers and clients without gzip alone (but says it varies)', () => {
    for (const [body, encoding] of [
      ['{"ok":true}', 'gzip'],
      [big, 'identity'],
      [undefined, 'gzip'],
    ] as const) {
      const result = compressResult({ statusCode: 200, headers: {}, ...(body === undefined ? {} : { body }) }, encoding);
      expect(result.body).toBe(body);
      expect(result.isBase64Encoded).toBeUndefined();
      expect(result.headers).toEqual({ vary: 'accept-encoding' });
    }
  });
});
