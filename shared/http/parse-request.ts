import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { z } from 'zod';
import { AppError, invalidInput } from '#shared/model/errors.js';
import type { ApiRequest } from '#shared/http/api-types.js';
import type { RouteDef } from '#shared/http/route-types.js';
import { validationMessage } from '#shared/http/validation-message.js';

export function rawBodyOf(event: Pick<APIGatewayProxyEventV2, 'body' | 'isBase64Encoded'>): string {
  if (event.body === undefined || event.body === null) return '';
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

function validate<S extends z.ZodType>(schema: S, value: unknown, where: 'body' | 'query' | 'path'): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalidInput(validationMessage(result.error, where));
  return result.data;
}

function parseJson(raw: string): unknown {
  if (raw.trim() === '') throw invalidInput('Request body is required (JSON)');
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw invalidInput('Malformed JSON in request body');
  }
}

/** The 413 message, naming the service's cap however large the body was or whoever refused it. */
export function bodyTooLargeMessage(maxBodyBytes: number): string {
  return `Request body exceeds the limit of ${maxBodyBytes.toLocaleString('en-GB')} bytes`;
}

/** The request's headers by lower-case name (API Gateway v2 lower-cases them; the local adapter may not). */
export function headersOf(event: Pick<APIGatewayProxyEventV2, 'headers'>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(event.headers ?? {})) {
    if (value !== undefined) headers[name.toLowerCase()] = value;
  }
  return headers;
}

/**
 * The query parameters, each given once. API Gateway joins a repeated parameter's values with commas,
 * which would turn `limit=5&limit=50` into the puzzling "5,50"; a repeat of a parameter the route reads
 * is refused by name instead. Parameters it does not read (a mail client's tracking tags) are ignored,
 * repeated or not.
 */
function singleQueryParameters(
  event: Pick<APIGatewayProxyEventV2, 'rawQueryString' | 'queryStringParameters'>,
  read: ReadonlySet<string>,
): Record<string, string | undefined> {
  const seen = new Set<string>();
  for (const name of new URLSearchParams(event.rawQueryString ?? '').keys()) {
    if (seen.has(name) && read.has(name)) throw invalidInput(`${name}: query parameter given more than once`);
    seen.add(name);
  }
  return event.queryStringParameters ?? {};
}

/** Turns an API Gateway event into a validated request for the route, or throws an AppError. */
export function parseRequest(
  event: APIGatewayProxyEventV2,
  route: RouteDef,
  pathParameters: Record<string, string>,
  maxBodyBytes: number,
): ApiRequest {
  const rawBody = rawBodyOf(event);
  if (Buffer.byteLength(rawBody, 'utf8') > maxBodyBytes) {
    throw new AppError('payload_too_large', bodyTooLargeMessage(maxBodyBytes));
  }
  const empty = route.optionalBody === true && rawBody.trim() === '';
  const body = route.body && !route.rawBody ? validate(route.body, empty ? {} : parseJson(rawBody), 'body') : undefined;
  const params = route.params ? validate(route.params, pathParameters, 'path') : undefined;
  const query = route.query
    ? validate(
        route.query,
        route.queryCheckedByHandler
          ? (event.queryStringParameters ?? {})
          : singleQueryParameters(event, new Set(Object.keys(route.query.shape))),
        'query',
      )
    : undefined;
  return {
    route,
    params,
    query,
    body,
    rawBody,
    headers: headersOf(event),
    sourceIp: event.requestContext.http.sourceIp,
    requestId: event.requestContext.requestId,
    caller: null,
  };
}
