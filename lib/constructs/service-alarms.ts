import { Duration } from 'aws-cdk-lib';
import type { HttpApi, HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, MathExpression, Metric, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Operation, type ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { alertMetrics } from '#shared/adapters/alert-metrics.js';
import { billingMetrics } from '#shared/adapters/billing/billing-metrics.js';

export interface ServiceAlarmsProps {
  topic: ITopic;
  functions: ReadonlyArray<{ name: string; handler: IFunction }>;
  api: HttpApi;
  stage: HttpStage;
  /**
   * The scan routes' keys. Their p99 latency is watched; their 5xx include the spec's 502 and 504 for
   * a shop that cannot be reached or answers too slowly, so they have a failure rate of their own
   * instead of counting in the API's.
   */
  scanRoutes: readonly string[];
  table: ITable;
}

const fiveMinutes = Duration.minutes(5);

/**
 * An HTTP API publishes a route's metrics (detailed metrics on) under ApiId, Stage, Method and
 * Resource: `POST /api/scan` is Method `POST`, Resource `/api/scan`. There is no Route dimension.
 */
export function routeDimensions(routeKey: string): { Method: string; Resource: string } {
  const [method, resource] = routeKey.split(' ');
  if (!method || !resource) throw new Error(`Not a route key: ${routeKey}`);
  return { Method: method, Resource: resource };
}
/**
 * A scan stops fetching at its deadline, 26 s (SCAN_TIMEOUT_SECONDS minus 4 s kept for storing and
 * answering), so a slow shop is answered in about 26.5 s by design. A p99 above 28 s means answers
 * run past the deadline towards API Gateway's 30-second limit and the functions' 29-second time-out.
 */
export const scanLatencyP99ThresholdMs = 28_000;
/** Share of requests outside the scan routes answered 5xx, over 5 minutes, twice in a row... */
export const serverErrorRatePercent = 5;
/** ...counted once at least this many such requests came in the 5 minutes (1 failure of 2 is no rate). */
export const serverErrorMinimumRequests = 20;
/**
 * Share of scans answered 5xx, twice in a row, from this many scans in 5 minutes: some shops are always
 * down (502) or slow (504), but most scans failing means the scanner (egress, DNS, the table) is broken.
 */
export const scanFailureRatePercent = 50;
export const scanFailureMinimumScans = 10;

/**
 * The alarms a person acts on (docs/operations.md, "Alarms"), all to the one topic: errors and throttles of
 * every function, the API's 5xx rate and the scan routes' p99 latency, DynamoDB throttling and system
 * errors. The queues' dead-letter alarms live with the queues.
 */
export class ServiceAlarms extends Construct {
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: ServiceAlarmsProps) {
    super(scope, id);
    const action = new SnsAction(props.topic);
    const add = (alarmId: string, metric: IMetric, options: { description: string; threshold: number; periods?: number }) => {
      const alarm = new Alarm(this, alarmId, {
        metric,
        alarmDescription: options.description,
        threshold: options.threshold,
        evaluationPeriods: options.periods ?? 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      alarm.addAlarmAction(action);
      this.alarms.push(alarm);
    };

    for (const { name, handler } of props.functions) {
      add(`${name}Errors`, handler.metricErrors({ period: fiveMinutes, statistic: 'Sum' }), {
        description: `${name}: invocations failed (uncaught error or time-out) in the last 5 minutes`,
        threshold: 1,
      });
      add(`${name}Throttles`, handler.metricThrottles({ period: fiveMinutes, statistic: 'Sum' }), {
        description: `${name}: invocations refused for lack of concurrency in the last 5 minutes`,
        threshold: 1,
      });
    }

    const apiMetric = (metricName: string, statistic: string, route?: string) =>
      new Metric({
        namespace: 'AWS/ApiGateway',
        metricName,
        statistic,
        period: fiveMinutes,
        dimensionsMap: { ApiId: props.api.apiId, Stage: props.stage.stageName, ...(route ? routeDimensions(route) : {}) },
      });
    // The scan routes' own figures (route metrics; a route without requests has no data, hence FILL).
    const scanSum = (metricName: string, prefix: string) => {
      const usingMetrics = Object.fromEntries(
        props.scanRoutes.map((route, index) => [`${prefix}${index}`, apiMetric(metricName, 'Sum', route)]),
      );
      return new MathExpression({
        expression: Object.keys(usingMetrics)
          .map((key) => `FILL(${key}, 0)`)
          .join(' + '),
        usingMetrics,
        period: fiveMinutes,
      });
    };
    const scanErrors = scanSum('5xx', 'scanErrors');
    const scans = scanSum('Count', 'scans');
    add(
      'ApiServerErrorRate',
      new MathExpression({
        expression: `IF(requests - scans >= ${serverErrorMinimumRequests}, 100 * (errors - scanErrors) / (requests - scans), 0)`,
        usingMetrics: { errors: apiMetric('5xx', 'Sum'), requests: apiMetric('Count', 'Sum'), scanErrors, scans },
        period: fiveMinutes,
        label: 'API 5xx % outside the scan routes',
      }),
      {
        description: `More than ${serverErrorRatePercent}% of API requests outside the scan routes answered 5xx, two 5-minute periods in a row`,
        threshold: serverErrorRatePercent,
        periods: 2,
      },
    );
    add(
      'ScanFailureRate',
      new MathExpression({
        expression: `IF(scans >= ${scanFailureMinimumScans}, 100 * scanErrors / scans, 0)`,
        usingMetrics: { scanErrors, scans },
        period: fiveMinutes,
        label: 'Scans answered 5xx %',
      }),
      {
        description: `More than ${scanFailureRatePercent}% of scans answered 5xx, two 5-minute periods in a row: the scanner, not the shops, is failing`,
        threshold: scanFailureRatePercent,
        periods: 2,
      },
    );
    for (const route of props.scanRoutes) {
      add(`Latency ${route}`.replace(/[^A-Za-z0-9]+/g, ''), apiMetric('Latency', 'p99', route), {
        description: `p99 latency of ${route} above ${scanLatencyP99ThresholdMs / 1000} s for 15 minutes: answers run past the 26-second scan deadline towards the 30-second limit`,
        threshold: scanLatencyP99ThresholdMs,
        periods: 3,
      });
    }

    // Emitted by the billing function (EMF): a second subscription of one account was paid and refunded.
    add(
      'DuplicateSubscriptionRefunded',
      new Metric({
        namespace: billingMetrics.namespace,
        metricName: billingMetrics.duplicateSubscriptionRefunded,
        dimensionsMap: { ...billingMetrics.dimensions },
        statistic: 'Sum',
        period: fiveMinutes,
      }),
      {
        description:
          'A second subscription of one account was paid, then refunded and cancelled: find the account in the billing function\'s log ("Refused a second subscription")',
        threshold: 1,
      },
    );

    // Emitted by the rescan worker (EMF): an alert did not fit its account's e-mail digest (ALERT_DIGEST_MAX_SITES).
    add(
      'AlertDigestEntryDropped',
      new Metric({
        namespace: alertMetrics.namespace,
        metricName: alertMetrics.digestEntryDropped,
        dimensionsMap: { ...alertMetrics.dimensions },
        statistic: 'Sum',
        period: fiveMinutes,
      }),
      {
        description:
          'An alert found its account\'s e-mail digest full and was counted, not mailed: find the account in the rescan worker\'s log ("Alert digest full")',
        threshold: 1,
      },
    );

    const operations = [
      Operation.GET_ITEM,
      Operation.PUT_ITEM,
      Operation.UPDATE_ITEM,
      Operation.DELETE_ITEM,
      Operation.QUERY,
      Operation.BATCH_GET_ITEM,
      Operation.TRANSACT_WRITE_ITEMS,
    ];
    add('TableThrottles', props.table.metricThrottledRequestsForOperations({ operations, period: fiveMinutes }), {
      description: 'DynamoDB throttled requests to the table in the last 5 minutes',
      threshold: 1,
    });
    add('TableSystemErrors', props.table.metricSystemErrorsForOperations({ operations, period: fiveMinutes }), {
      description: 'DynamoDB answered requests to the table with internal errors in the last 5 minutes',
      threshold: 1,
    });
  }
}
