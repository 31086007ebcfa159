import { describe, expect, it } from 'vitest';
import { createLambdaContext, fromApiGatewayResult, toApiGatewayEvent, type HttpRequestInput } from '../../../bin/local/event-adapter.js';

const requestId = '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b';

function request(overrides: Partial<HttpRequestInput> = {}): HttpRequestInput {
  return {
    method: 'get',
    url: '/api/results/123',
    headers: { host: 'localhost:3000', 'user-agent': 'curl/8.5.0' },
    body: Buffer.alloc(0),
    sourceIp: '127.0.0.1',
    ...overrides,
  };
}

describe('toApiGatewayEvent (HTTP API payload format 2.0)', () => {
  it('carries the route key, raw path and request context', () => {
    const event = toApiGatewayEvent(request(), {
      routeKey: 'GET /api/results/{id}',
      pathParameters: { id: '123' },
      requestId,
      receivedAt: new Date(Date.UTC(2020, 2, 12, 19, 3, 58)),
    });
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'GET /api/results/{id}',
      rawPath: '/api/results/123',
      rawQueryString: '',
      pathParameters: { id: '123' },
      isBase64Encoded: false,
      requestContext: {
        http: { method: 'GET', path: '/api/results/123', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'curl/8.5.0' },
        requestId,
        routeKey: 'GET /api/results/{id}',
        stage: '$default',
        domainName: 'localhost',
        time: '12/Mar/2020:19:03:58 +0000',
        timeEpoch: Date.UTC(2020, 2, 12, 19, 3, 58),
      },
    });
    expect(event.body).toBeUndefined();
    expect(event.queryStringParameters).toBeUndefined();
    expect(event.cookies).toBeUndefined();
  });

  it('keeps the raw query string and joins repeated keys with commas', () => {
    const event = toApiGatewayEvent(request({ url: '/api/v1/scans?limit=5&tag=a&tag=b%20c&empty=' }), {
      routeKey: 'GET /api/v1/scans',
      requestId,
    });
    expect(event.rawPath).toBe('/api/v1/scans');
    expect(event.rawQueryString).toBe('limit=5&tag=a&tag=b%20c&empty=');
    expect(event.queryStringParameters).toEqual({ limit: '5', tag: 'a,b c', empty: '' });
  });

  it('lower-cases header names and joins repeated headers with commas', () => {
    const event = toApiGatewayEvent(
      request({ headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.9', 'x-tag': ['a', 'b'] } }),
      {
        routeKey: '$default',
        requestId,
      },
    );
    expect(event.headers).toEqual({ 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9', 'x-tag': 'a,b' });
  });

  it('takes the source IP from the socket, never from X-Forwarded-For', () => {
    const event = toApiGatewayEvent(request({ headers: { 'x-forwarded-for': '203.0.113.9' }, sourceIp: '127.0.0.1' }), {
      routeKey: '$default',
      requestId,
    });
    expect(event.requestContext.http.sourceIp).toBe('127.0.0.1');
  });

  it('moves cookies out of the headers into the cookies list', () => {
    const event = toApiGatewayEvent(request({ headers: { cookie: 'session=abc; theme=dark' } }), { routeKey: '$default', requestId });
    expect(event.cookies).toEqual(['session=abc', 'theme=dark']);
    expect(event.headers.cookie).toBeUndefined();
  });

  it('passes UTF-8 text bodies as they are', () => {
    const event = toApiGatewayEvent(request({ method: 'POST', body: Buffer.from('{"url":"https://café.example"}') }), {
      routeKey: 'POST /api/scan',
      requestId,
    });
    expect(event).toMatchObject({ body: '{"url":"https://café.example"}', isBase64Encoded: false });
  });

  it('base64-encodes bodies that are not valid UTF-8', () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0x00]);
    const event = toApiGatewayEvent(request({ method: 'POST', body: bytes }), { routeKey: '$default', requestId });
    expect(event.isBase64Encoded).toBe(true);
    expect(Buffer.from(event.body!, 'base64')).toEqual(bytes);
  });
});

describe('createLambdaContext', () => {
  it('names the function and request and counts down from the timeout', () => {
    const context = createLambdaContext({ functionName: 'local-scanner', timeoutMs: 29_000, requestId, region: 'eu-west-2' });
    expect(context).toMatchObject({
      functionName: 'local-scanner',
      awsRequestId: requestId,
      invokedFunctionArn: 'arn:aws:lambda:eu-west-2:000000000000:function:local-scanner',
    });
    const remaining = context.getRemainingTimeInMillis();
    expect(remaining).toBeGreaterThan(0);
    expect(remaining).toBeLessThanOrEqual(29_000);
  });
});

describe('fromApiGatewayResult', () => {
  it('keeps status, headers, cookies and a base64 body, dropping headers set to undefined', () => {
    const result = fromApiGatewayResult({
      statusCode: 201,
      headers: { 'Content-Type': 'image/png', server: undefined as unknown as string },
      cookies: ['a=1', 'b=2'],
      body: Buffer.from([1, 2, 3]).toString('base64'),
      isBase64Encoded: true,
    });
    expect(result).toEqual({
      statusCode: 201,
      headers: { 'content-type': 'image/png', 'set-cookie': ['a=1', 'b=2'] },
      body: Buffer.from([1, 2, 3]),
    });
  });

  it('answers a bare value with 200 JSON, as API Gateway infers', () => {
    const result = fromApiGatewayResult({ ok: true });
    expect(result.statusCode).toBe(200);
    expect(result.headers['content-type']).toBe('application/json');
    expect(JSON.parse(result.body.toString())).toEqual({ ok: true });
  });
});
