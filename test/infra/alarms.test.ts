import { queueNames } from '#shared/adapters/queue.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { families } from '#shared/http/route-types.js';
import { workerNames } from '#lib/function-catalog.js';
import { referencedIds, type BuiltApp, defaultApp } from '#test/infra/support/readiness-app.js';

type Resource = { Properties: Record<string, unknown> };

let built: BuiltApp;
let alarms: Resource[];
let topicId: string;

beforeAll(() => {
  built = defaultApp();
  alarms = Object.values(built.template.findResources('AWS::CloudWatch::Alarm')) as Resource[];
  topicId = Object.keys(built.template.findResources('AWS::SNS::Topic'))[0]!;
});

function alarmsOn(metricName: string, dimension?: [string, unknown]): Resource[] {
  return alarms.filter((alarm) => {
    const text = JSON.stringify(alarm.Properties);
    return text.includes(`"${metricName}"`) && (dimension === undefined || text.includes(JSON.stringify(dimension[1])));
  });
}

describe('alarms a person acts on', () => {
  it('sends every alarm to the one topic', () => {
    expect(alarms.length).toBeGreaterThan(0);
    for (const alarm of alarms) expect(referencedIds(alarm.Properties.AlarmActions)).toEqual([topicId]);
  });

  it.each([...families, ...workerNames])('%s has an errors and a throttles alarm', (name) => {
    const functionRef = { Ref: built.logicalId(built.stack.functions.get(name).handler) };
    expect(alarmsOn('Errors', ['FunctionName', functionRef])).toHaveLength(1);
    expect(alarmsOn('Throttles', ['FunctionName', functionRef])).toHaveLength(1);
  });

  it('watches the 5xx rate outside the scan routes, and the scans’ own failure rate', () => {
    type Query = {
      Id: string;
      Expression?: string;
      ReturnData?: boolean;
      MetricStat?: { Metric: { MetricName: string; Dimensions: Array<{ Name: string; Value: unknown }> } };
    };
    const queriesOf = (expression: string) => {
      const found = alarms.filter((alarm) =>
        (alarm.Properties.Metrics as Query[] | undefined)?.some((query) => query.ReturnData !== false && query.Expression === expression),
      );
      expect(found, expression).toHaveLength(1);
      return found[0]!;
    };
    const routeMetrics = (alarm: Resource) =>
      (alarm.Properties.Metrics as Query[])
        .filter((query) => query.MetricStat?.Metric.Dimensions.some((dimension) => dimension.Name === 'Resource'))
        .map(
          (query) =>
            `${query.MetricStat!.Metric.MetricName} ${JSON.stringify(query.MetricStat!.Metric.Dimensions.find((dimension) => dimension.Name === 'Resource')!.Value)}`,
        )
        .sort();
    const scanRouteMetrics = ['5xx "/api/scan"', '5xx "/api/v1/scan"', 'Count "/api/scan"', 'Count "/api/v1/scan"'];

    const api = queriesOf('IF(requests - scans >= 20, 100 * (errors - scanErrors) / (requests - scans), 0)');
    expect(api.Properties).toMatchObject({ Threshold: 5, EvaluationPeriods: 2, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
    const stageMetrics = (api.Properties.Metrics as Query[]).filter(
      (query) => query.MetricStat && !query.MetricStat.Metric.Dimensions.some((dimension) => dimension.Name === 'Resource'),
    );
    expect(stageMetrics.map((query) => query.MetricStat!.Metric.MetricName).sort()).toEqual(['5xx', 'Count']);
    expect(routeMetrics(api)).toEqual(scanRouteMetrics);

    const scans = queriesOf('IF(scans >= 10, 100 * scanErrors / scans, 0)');
    expect(scans.Properties).toMatchObject({ Threshold: 50, EvaluationPeriods: 2 });
    expect(routeMetrics(scans)).toEqual(scanRouteMetrics);
  });

  it('watches the p99 latency of both scan routes', () => {
    const apiId = { Ref: built.logicalId(built.stack.http.api) };
    for (const [method, resource] of [
      ['POST', '/api/scan'],
      ['POST', '/api/v1/scan'],
    ] as const) {
      const latency = alarmsOn('Latency', ['Resource', resource]);
      expect(latency, resource).toHaveLength(1);
      expect(latency[0]!.Properties).toMatchObject({ ExtendedStatistic: 'p99', Threshold: 28_000, EvaluationPeriods: 3 });
      // The dimensions an HTTP API publishes a route's metrics under (detailed metrics): no `Route`.
      const dimensions = latency[0]!.Properties.Dimensions as Array<{ Name: string; Value: unknown }>;
      expect([...dimensions].sort((a, b) => a.Name.localeCompare(b.Name))).toEqual([
        { Name: 'ApiId', Value: apiId },
        { Name: 'Method', Value: method },
        { Name: 'Resource', Value: resource },
        { Name: 'Stage', Value: '$default' },
      ]);
    }
  });

  it('watches DynamoDB throttling and system errors on the table', () => {
    expect(alarms.filter((alarm) => JSON.stringify(alarm.Properties).includes('"ThrottledRequests"'))).toHaveLength(1);
    expect(alarms.filter((alarm) => JSON.stringify(alarm.Properties).includes('"SystemErrors"'))).toHaveLength(1);
  });

  it("watches refunded second subscriptions (the billing function's EMF metric)", () => {
    const [alarm, ...others] = alarmsOn('DuplicateSubscriptionRefunded');
    expect(others).toEqual([]);
    expect(alarm!.Properties).toMatchObject({
      Namespace: 'ReadinessScanner',
      Dimensions: [{ Name: 'Service', Value: 'billing' }],
      Statistic: 'Sum',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
    });
  });

  it("watches alerts that did not fit their e-mail digest (the rescan worker's EMF metric)", () => {
    const [alarm, ...others] = alarmsOn('AlertDigestEntryDropped');
    expect(others).toEqual([]);
    expect(alarm!.Properties).toMatchObject({
      Namespace: 'ReadinessScanner',
      Dimensions: [{ Name: 'Service', Value: 'alerts' }],
      Statistic: 'Sum',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
    });
  });

  it('gives the weekly schedule target retries and a dead-letter queue with its own alarm', () => {
    const [rule] = Object.values(built.template.findResources('AWS::Events::Rule')) as Resource[];
    const [target] = rule!.Properties.Targets as Array<Record<string, unknown>>;
    expect(target).toMatchObject({ RetryPolicy: { MaximumRetryAttempts: 8, MaximumEventAgeInSeconds: 21_600 } });
    const [dlqId] = referencedIds((target!.DeadLetterConfig as { Arn: unknown }).Arn);
    expect(built.template.toJSON().Resources[dlqId!]).toMatchObject({ Type: 'AWS::SQS::Queue' });
    const dlqAlarms = alarmsOn('ApproximateNumberOfMessagesVisible').filter((alarm) =>
      referencedIds(alarm.Properties.Dimensions).includes(dlqId!),
    );
    expect(dlqAlarms).toHaveLength(1);
  });

  it('has a dead-letter alarm for every work queue too', () => {
    expect(alarmsOn('ApproximateNumberOfMessagesVisible')).toHaveLength(queueNames.length + 1);
  });
});
