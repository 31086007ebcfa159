import { gzipSync } from 'node:zlib';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/** Below this a gzip header costs more than it saves. */
const minimumBytes = 1_024;

/** Whether `Accept-Encoding` allows gzip (a `q=0` refuses it; `*` allows it). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [coding, ...parameters] = part
      .trim()
      .split(';')
      .map((piece) => piece.trim());
    if (coding !== 'gzip' && coding !== '*') continue;
    const quality = parameters.find((parameter) => parameter.startsWith('q='));
    return quality === undefined || Number(quality.slice(2)) > 0;
  }
  return false;
}

/**
 * API Gateway's HTTP APIs do not compress, and a Lambda response stops at 6 MB: a page of 100 scan
 * results is about 2.5-5 MB of JSON. So bodies are gzipped here for clients that accept it (5 to 6
 * times smaller on scan results).
 */
export function compressResult(
  result: APIGatewayProxyStructuredResultV2,
  acceptEncoding: string | undefined,
): APIGatewayProxyStructuredResultV2 {
  const headers = { ...result.headers, vary: 'accept-encoding' };
  if (
    result.body === undefined ||
    result.isBase64Encoded ||
    Buffer.byteLength(result.body, 'utf8') < minimumBytes ||
    !acceptsGzip(acceptEncoding)
  ) {
    return { ...result, headers };
  }
  return {
    ...result,
    headers: { ...headers, 'content-encoding': 'gzip' },
    body: gzipSync(result.body).toString('base64'),
    isBase64Encoded: true,
  };
}
