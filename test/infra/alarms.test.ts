import { beforeAll, describe, expect, it } from 'vitest';
import { families } from '#shared/http/route-types.js';
import { workerNames } from '#lib/function-catalog.js';
import { buildApp, referencedIds, type BuiltApp } from '#test/infra/support/readiness-app.js';

type Resource = { Properties: Record<string, unknown> };

let built: BuiltApp;
let alarms: Resource[];
let topicId: string;

beforeAll(() => {
  built = buildApp();
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

  it('watches the API 5xx rate and the p99 latency of both scan routes', () => {
    const rate = alarms.filter((alarm) => JSON.stringify(alarm.Properties).includes('100 * errors / MAX([requests, 1])'));
    expect(rate).toHaveLength(1);
    expect(JSON.stringify(rate[0]!.Properties)).toContain('"5xx"');
    const apiId = { Ref: built.logicalId(built.stack.http.api) };
    for (const [method, resource] of [['POST', '/api/scan'], ['POST', '/api/v1/scan']] as const) {
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

  it('gives the weekly schedule target retries and a dead-letter queue with its own alarm', () => {
    const [rule] = Object.values(built.template.findResources('AWS::Events::Rule')) as Resource[];
    const [target] = rule!.Properties.Targets as Array<Record<string, unknown>>;
    expect(target).toMatchObject({ RetryPolicy: { MaximumRetryAttempts: 8, MaximumEventAgeInSeconds: 21_600 } });
    const [dlqId] = referencedIds((target!.DeadLetterConfig as { Arn: unknown }).Arn);
    expect(built.template.toJSON().Resources[dlqId!]).toMatchObject({ Type: 'AWS::SQS::Queue' });
    const dlqAlarms = alarmsOn('ApproximateNumberOfMessagesVisible').filter((alarm) => referencedIds(alarm.Properties.Dimensions).includes(dlqId!));
    expect(dlqAlarms).toHaveLength(1);
  });

  it('has a dead-letter alarm for every work queue too', () => {
    expect(alarmsOn('ApproximateNumberOfMessagesVisible')).toHaveLength(4 + 1);
  });
});
