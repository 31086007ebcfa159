import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { ApiResponse } from '#shared/http/api-types.js';

/** For an HTML response that sets none: nothing may load or run. */
const strictHtmlCsp = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export function toResult(response: ApiResponse, requestId: string): APIGatewayProxyStructuredResultV2 {
  const isHtml = response.html !== undefined;
  const headers: Record<string, string> = {
    'content-type': isHtml ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-request-id': requestId,
    ...(isHtml ? { 'content-security-policy': strictHtmlCsp } : {}),
    ...response.headers,
  };
  if (isHtml) return { statusCode: response.status, headers, body: response.html };
  if (response.text !== undefined) return { statusCode: response.status, headers, body: response.text };
  if (response.body === undefined) return { statusCode: response.status, headers };
  return { statusCode: response.status, headers, body: JSON.stringify(response.body) };
}
