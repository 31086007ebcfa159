import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';

/**
 * Translates between a plain Node HTTP exchange and what an HTTP API (payload format 2.0) hands a
 * Lambda function, so the dev server runs the same family handlers as AWS does.
 */

/** The parts of a Node request the event is built from; a plain object, so tests need no socket. */
export interface HttpRequestInput {
  method: string;
  /** The request target as sent: path and query string. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The socket's peer address. Never a forwarded-for header: clients choose those. */
  sourceIp: string;
  httpVersion?: string;
}

export interface EventRouting {
  /** `"<METHOD> <path template>"` of the matched route, or `$default`. */
  routeKey: string;
  pathParameters?: Record<string, string>;
  requestId: string;
  receivedAt?: Date;
}

export const localAccountId = '000000000000';

export function toApiGatewayEvent(request: HttpRequestInput, routing: EventRouting): APIGatewayProxyEventV2 {
  const { rawPath, rawQueryString } = splitTarget(request.url);
  const headers = joinHeaders(request.headers);
  const cookies = headers.cookie
    ?.split(';')
    .map((cookie) => cookie.trim())
    .filter((cookie) => cookie !== '');
  delete headers.cookie;
  const receivedAt = routing.receivedAt ?? new Date();
  const domainName = (headers.host ?? 'localhost').replace(/:\d+$/, '');
  const method = request.method.toUpperCase();
  return {
    version: '2.0',
    routeKey: routing.routeKey,
    rawPath,
    rawQueryString,
    ...(cookies && cookies.length > 0 ? { cookies } : {}),
    headers,
    ...(rawQueryString === '' ? {} : { queryStringParameters: queryParameters(rawQueryString) }),
    requestContext: {
      accountId: localAccountId,
      apiId: 'local',
      domainName,
      domainPrefix: domainName.split('.')[0] ?? domainName,
      http: {
        method,
        path: rawPath,
        protocol: `HTTP/${request.httpVersion ?? '1.1'}`,
        sourceIp: request.sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: routing.requestId,
      routeKey: routing.routeKey,
      stage: '$default',
      time: accessLogTime(receivedAt),
      timeEpoch: receivedAt.getTime(),
    },
    ...(routing.pathParameters && Object.keys(routing.pathParameters).length > 0 ? { pathParameters: routing.pathParameters } : {}),
    ...encodeBody(request.body),
  };
}

function splitTarget(url: string): { rawPath: string; rawQueryString: string } {
  const withoutFragment = url.split('#', 1)[0] ?? '';
  const queryStart = withoutFragment.indexOf('?');
  if (queryStart < 0) return { rawPath: withoutFragment || '/', rawQueryString: '' };
  return { rawPath: withoutFragment.slice(0, queryStart) || '/', rawQueryString: withoutFragment.slice(queryStart + 1) };
}

/** API Gateway lower-cases header names and joins repeated headers with commas. */
function joinHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const joined: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const key = name.toLowerCase();
    const text = Array.isArray(value) ? value.join(key === 'cookie' ? '; ' : ',') : value;
    joined[key] = key in joined ? `${joined[key]}${key === 'cookie' ? '; ' : ','}${text}` : text;
  }
  return joined;
}

/** Repeated keys become one comma-joined value, as in API Gateway's `queryStringParameters`. */
function queryParameters(rawQueryString: string): Record<string, string> {
  const parameters: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(rawQueryString)) {
    parameters[key] = key in parameters ? `${parameters[key]},${value}` : value;
  }
  return parameters;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Text bodies pass as they are; anything that is not valid UTF-8 is base64-encoded. */
function encodeBody(body: Buffer): Pick<APIGatewayProxyEventV2, 'body' | 'isBase64Encoded'> {
  if (body.length === 0) return { isBase64Encoded: false };
  try {
    return { body: utf8.decode(body), isBase64Encoded: false };
  } catch {
    return { body: body.toString('base64'), isBase64Encoded: true };
  }
}

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `12/Mar/2020:19:03:58 +0000`, the format of `requestContext.time`. */
function accessLogTime(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const day = `${pad(date.getUTCDate())}/${months[date.getUTCMonth()]}/${date.getUTCFullYear()}`;
  return `${day}:${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`;
}

export interface LambdaContextInput {
  functionName: string;
  timeoutMs: number;
  requestId: string;
  region: string;
  memoryMiB?: number;
}

/** A Lambda Context whose remaining time counts down from the function's timeout. */
export function createLambdaContext(input: LambdaContextInput): Context {
  const deadline = Date.now() + input.timeoutMs;
  const unsupported = () => {
    throw new Error('Callback-style completion is not supported; return a promise');
  };
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: input.functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${input.region}:${localAccountId}:function:${input.functionName}`,
    memoryLimitInMB: String(input.memoryMiB ?? 1024),
    awsRequestId: input.requestId,
    logGroupName: `/aws/lambda/${input.functionName}`,
    logStreamName: `local/[$LATEST]${input.requestId.replaceAll('-', '')}`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: unsupported,
    fail: unsupported,
    succeed: unsupported,
  };
}

export interface HttpResult {
  statusCode: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

/** Normalises what a handler returned the way API Gateway does: a bare value becomes a 200 JSON body. */
export function fromApiGatewayResult(result: APIGatewayProxyResultV2<unknown>): HttpResult {
  if (!isStructured(result)) {
    const body = typeof result === 'string' ? result : (JSON.stringify(result) ?? '');
    return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from(body) };
  }
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) {
    // Lambda serialises the result as JSON, which drops headers set to undefined (middy does that to remove one).
    if (value !== undefined && value !== null) headers[name.toLowerCase()] = String(value);
  }
  if (result.cookies && result.cookies.length > 0) headers['set-cookie'] = result.cookies;
  const body = result.body === undefined ? Buffer.alloc(0) : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8');
  return { statusCode: result.statusCode ?? 200, headers, body };
}

function isStructured(result: unknown): result is Exclude<APIGatewayProxyResultV2, string> {
  return typeof result === 'object' && result !== null && 'statusCode' in result;
}

/** Writes the result; a HEAD answer (`omitBody`) keeps the Content-Length its handler gave for the left-out body. */
export function writeHttpResult(result: HttpResult, response: ServerResponse, options: { omitBody?: boolean } = {}): void {
  const given = result.headers['content-length'];
  const length = options.omitBody && typeof given === 'string' ? given : String(result.body.length);
  response.writeHead(result.statusCode, { ...result.headers, 'content-length': length });
  response.end(options.omitBody ? undefined : result.body);
}
