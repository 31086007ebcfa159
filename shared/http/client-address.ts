import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/** Set by the optional CloudFront distribution on every origin request (lib/constructs/edge-distribution.ts). */
export const originVerifyHeader = 'x-origin-verify';
/** CloudFront's `<ip>:<port>` of the viewer (IPv6 unbracketed: `2001:db8::1:443`). */
export const viewerAddressHeader = 'cloudfront-viewer-address';

function headerValue(event: Pick<APIGatewayProxyEventV2, 'headers'>, name: string): string | undefined {
  for (const [key, value] of Object.entries(event.headers ?? {})) {
    if (key.toLowerCase() === name) return value;
  }
  return undefined;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The IP of a single `<ip>:<port>` value, or undefined for anything else (lists, names, no port). */
export function viewerIp(value: string): string | undefined {
  const separator = value.lastIndexOf(':');
  if (separator <= 0) return undefined;
  const ip = value.slice(0, separator).replace(/^\[(.*)\]$/, '$1');
  const port = value.slice(separator + 1);
  if (!/^\d{1,5}$/.test(port) || Number(port) > 65_535) return undefined;
  return isIP(ip) === 0 ? undefined : ip;
}

/**
 * The address per-IP limits count against. The connection's peer (API Gateway's `sourceIp`) unless the
 * request came through this stack's CloudFront distribution, proven by the origin secret: then the
 * peer is a CloudFront server and the viewer's address is in CloudFront-Viewer-Address. A forged
 * viewer address without the secret, or an unreadable one with it, is ignored: the request counts
 * against its real peer, so forging buys no fresh allowance.
 */
export function clientAddress(event: Pick<APIGatewayProxyEventV2, 'headers' | 'requestContext'>, edgeOriginSecret: string): string {
  const peer = event.requestContext.http.sourceIp;
  if (edgeOriginSecret === '') return peer;
  const proof = headerValue(event, originVerifyHeader);
  if (proof === undefined || !sameSecret(proof, edgeOriginSecret)) return peer;
  const viewer = headerValue(event, viewerAddressHeader);
  return (viewer === undefined ? undefined : viewerIp(viewer.trim())) ?? peer;
}
