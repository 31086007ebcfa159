import { Duration, Stack, type RemovalPolicy } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import type { CfnRoute, CfnStage } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  CorsHttpMethod,
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import type { CapacitySettings } from '#lib/capacity-settings.js';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { corsPolicy } from '#shared/http/cors.js';
import { families, methodsOf, type Family, type RouteDef } from '#shared/http/route-types.js';

export interface ServiceHttpApiProps {
  logRetention: RetentionDays;
  removalPolicy: RemovalPolicy;
  /** Stage-wide and public-scan throttles (lib/capacity-settings.ts); per-client limits are the service's own, in DynamoDB. */
  capacity: Pick<CapacitySettings, 'apiRateLimit' | 'apiBurstLimit' | 'publicScanRateLimit' | 'publicScanBurstLimit'>;
}

/** The route with a throttle of its own: public scans are the costliest anonymous request. */
export const publicScanRouteKey = 'POST /api/scan';

/** One JSON line per request; no headers, so no keys or tokens reach the log. */
const accessLogFormat = AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    requestTime: '$context.requestTime',
    sourceIp: '$context.identity.sourceIp',
    userAgent: '$context.identity.userAgent',
    routeKey: '$context.routeKey',
    method: '$context.httpMethod',
    path: '$context.path',
    status: '$context.status',
    responseLength: '$context.responseLength',
    responseLatency: '$context.responseLatency',
    integrationLatency: '$context.integrationLatency',
    integrationError: '$context.integrationErrorMessage',
  }),
);

/** The HTTP API: CORS preflight, an access-logged and throttled `$default` stage, routes from the route table. */
export class ServiceHttpApi extends Construct {
  readonly api: HttpApi;
  readonly stage: HttpStage;

  constructor(scope: Construct, id: string, props: ServiceHttpApiProps) {
    super(scope, id);
    this.api = new HttpApi(this, 'Api', {
      apiName: Stack.of(this).stackName,
      description: 'Agent Commerce Readiness Scanner',
      createDefaultStage: false,
      corsPreflight: {
        allowOrigins: [...corsPolicy.allowOrigins],
        allowHeaders: [...corsPolicy.allowHeaders],
        allowMethods: corsPolicy.allowMethods.map((method) => CorsHttpMethod[method]),
        exposeHeaders: [...corsPolicy.exposeHeaders],
        maxAge: Duration.seconds(corsPolicy.maxAgeSeconds),
      },
    });
    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: props.logRetention, removalPolicy: props.removalPolicy });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: props.capacity.apiRateLimit, burstLimit: props.capacity.apiBurstLimit },
      accessLogSettings: { destination: new LogGroupLogDestination(accessLogs), format: accessLogFormat },
      // Per-route metrics feed the scan routes' latency alarms.
      detailedMetricsEnabled: true,
    });
    // CfnStage types RouteSettings as plain JSON, passed to CloudFormation as written (PascalCase).
    (this.stage.node.defaultChild as CfnStage).routeSettings = {
      [publicScanRouteKey]: {
        ThrottlingRateLimit: props.capacity.publicScanRateLimit,
        ThrottlingBurstLimit: props.capacity.publicScanBurstLimit,
        DetailedMetricsEnabled: true,
      },
    };
  }

  /** Base URL of the API, without a trailing slash; known before deployment only as a token. */
  get endpoint(): string {
    return this.api.apiEndpoint;
  }

  /**
   * One route per route-table entry, integrated with its family's function, and `$default` to the
   * fallback function, so unknown paths and wrong methods get the service's JSON 404/405.
   */
  addRouteTable(
    routes: ReadonlyArray<Pick<RouteDef, 'method' | 'path' | 'family'>>,
    functionOf: (family: Family) => IFunction,
    fallback: Family,
  ): void {
    const integrations = Object.fromEntries(
      families.map((family) => [family, new HttpLambdaIntegration(`${family}Integration`, functionOf(family))]),
    ) as Record<Family, HttpLambdaIntegration>;
    for (const route of routes) {
      const methods = methodsOf(route).map((method) => HttpMethod[method as keyof typeof HttpMethod]);
      this.api.addRoutes({ path: route.path, methods, integration: integrations[route.family] });
    }
    new HttpRoute(this, 'DefaultRoute', { httpApi: this.api, routeKey: HttpRouteKey.DEFAULT, integration: integrations[fallback] });
    // API Gateway refuses a stage whose RouteSettings name a route it does not have yet (on the first
    // deploy they are created in parallel): the stage waits for the throttled route.
    this.stage.node.addDependency(this.route(publicScanRouteKey));
  }

  /** The route construct of a route key such as `POST /api/scan`. */
  route(key: string): HttpRoute {
    const found = this.api.node
      .findAll()
      .find((child): child is HttpRoute => child instanceof HttpRoute && (child.node.defaultChild as CfnRoute).routeKey === key);
    if (!found) throw new Error(`The HTTP API has no route ${key}`);
    return found;
  }
}
