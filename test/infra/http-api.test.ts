import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { families, methodsOf, routeKeyFor } from '#shared/http/route-types.js';
import { routeList } from '#shared/http/routes.js';
import { capacityDefaults } from '#lib/capacity-settings.js';
import { referencedIds, type BuiltApp, defaultApp } from '#test/infra/support/readiness-app.js';

type Resource = { Properties: Record<string, unknown> };

let built: BuiltApp;
let routesByKey: Map<string, Resource>;
let integrations: Record<string, Resource>;

beforeAll(() => {
  built = defaultApp();
  const routes = Object.values(built.template.findResources('AWS::ApiGatewayV2::Route')) as Resource[];
  routesByKey = new Map(routes.map((route) => [route.Properties.RouteKey as string, route]));
  integrations = built.template.findResources('AWS::ApiGatewayV2::Integration') as Record<string, Resource>;
});

/** The logical id of the function a route's Lambda proxy integration invokes. */
function targetFunction(key: string): string {
  const route = routesByKey.get(key);
  expect(route, `route ${key}`).toBeDefined();
  const [integrationId] = referencedIds(route!.Properties.Target);
  const integration = integrations[integrationId!];
  expect(integration, `integration of ${key}`).toBeDefined();
  expect(integration!.Properties).toMatchObject({ IntegrationType: 'AWS_PROXY', PayloadFormatVersion: '2.0' });
  const [functionId] = referencedIds(integration!.Properties.IntegrationUri);
  return functionId!;
}

/** Every route key of the table: each GET route also answers HEAD. */
const tableKeys = routeList.flatMap((route) => methodsOf(route).map((method) => [routeKeyFor(method, route), route.family] as const));

describe('HTTP API routes come from the route table', () => {
  it('has one route per route-table entry (and a HEAD per GET) plus $default, and nothing else', () => {
    const expected = [...tableKeys.map(([key]) => key), '$default'].sort();
    expect([...routesByKey.keys()].sort()).toEqual(expected);
    expect(tableKeys.filter(([key]) => key.startsWith('HEAD ')).length).toBe(routeList.filter((route) => route.method === 'GET').length);
  });

  it.each(tableKeys)('%s invokes the %s function', (key, family) => {
    expect(targetFunction(key)).toBe(built.logicalId(built.stack.functions.get(family).handler));
  });

  it('sends $default (unknown paths, wrong methods) to the web function, which has the 404 page', () => {
    expect(targetFunction('$default')).toBe(built.logicalId(built.stack.functions.get('web').handler));
  });

  it('integrates each family function once and never a worker', () => {
    const invoked = new Set(Object.values(integrations).flatMap((integration) => referencedIds(integration.Properties.IntegrationUri)));
    const familyFunctions = families.map((family) => built.logicalId(built.stack.functions.get(family).handler));
    expect([...invoked].sort()).toEqual([...familyFunctions].sort());
  });

  it('lets API Gateway invoke each function only from this API', () => {
    const permissions = Object.values(built.template.findResources('AWS::Lambda::Permission')) as Resource[];
    const apiId = built.logicalId(built.stack.http.api);
    const fromApi = permissions.filter((permission) => permission.Properties.Principal === 'apigateway.amazonaws.com');
    expect(fromApi.length).toBe(tableKeys.length + 1);
    for (const permission of fromApi) expect(referencedIds(permission.Properties.SourceArn)).toContain(apiId);
  });
});

describe('HTTP API stage and CORS', () => {
  it('answers CORS preflight for any origin with the authorization, content-type and idempotency-key headers, and exposes Retry-After, X-Request-Id and the RateLimit headers', () => {
    built.template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'HTTP',
      CorsConfiguration: Match.objectLike({
        AllowOrigins: ['*'],
        AllowHeaders: ['authorization', 'content-type', 'idempotency-key', 'mcp-protocol-version'],
        AllowMethods: Match.arrayWith(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']),
        ExposeHeaders: ['retry-after', 'x-request-id', 'ratelimit-limit', 'ratelimit-remaining'],
      }),
    });
  });

  it('serves an auto-deployed $default stage with throttling and JSON access logs', () => {
    built.template.resourceCountIs('AWS::ApiGatewayV2::Stage', 1);
    const [stage] = Object.values(built.template.findResources('AWS::ApiGatewayV2::Stage')) as Resource[];
    expect(stage!.Properties).toMatchObject({
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: {
        ThrottlingRateLimit: capacityDefaults.apiRateLimit,
        ThrottlingBurstLimit: capacityDefaults.apiBurstLimit,
        DetailedMetricsEnabled: true,
      },
      RouteSettings: {
        'POST /api/scan': {
          ThrottlingRateLimit: capacityDefaults.publicScanRateLimit,
          ThrottlingBurstLimit: capacityDefaults.publicScanBurstLimit,
          DetailedMetricsEnabled: true,
        },
      },
    });
    const logs = stage!.Properties.AccessLogSettings as { DestinationArn: unknown; Format: string };
    const [logGroupId] = referencedIds(logs.DestinationArn);
    expect(built.template.toJSON().Resources[logGroupId!]).toMatchObject({
      Type: 'AWS::Logs::LogGroup',
      Properties: { RetentionInDays: 30 },
    });
    const format = JSON.parse(logs.Format) as Record<string, string>;
    expect(format).toMatchObject({ requestId: '$context.requestId', routeKey: '$context.routeKey', status: '$context.status' });
    expect(logs.Format).not.toMatch(/authorization|header/i);
  });

  it('creates the stage after the route its RouteSettings name (API Gateway refuses settings for a route it does not have)', () => {
    const [stage] = Object.values(built.template.findResources('AWS::ApiGatewayV2::Stage')) as (Resource & { DependsOn?: string[] })[];
    const throttled = Object.keys(stage!.Properties.RouteSettings as Record<string, unknown>);
    expect(throttled).toEqual(['POST /api/scan']);
    const routeIds = Object.entries(built.template.findResources('AWS::ApiGatewayV2::Route'))
      .filter(([, route]) => throttled.includes((route as Resource).Properties.RouteKey as string))
      .map(([id]) => id);
    expect(routeIds).toHaveLength(1);
    expect(stage!.DependsOn).toEqual(expect.arrayContaining(routeIds));
  });

  it('outputs the API URL', () => {
    built.template.hasOutput('ApiUrl', { Value: Match.objectLike({ 'Fn::Join': Match.anyValue() }) });
  });
});
