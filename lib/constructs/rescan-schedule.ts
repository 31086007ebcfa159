import { Duration } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

export interface RescanScheduleProps {
  sweep: IFunction;
  alarmTopic: ITopic;
}

/** Every Monday 06:00 UTC: the sweep finds watched sites due for a rescan and queues them. */
export const weeklySweep = Schedule.cron({ weekDay: 'MON', hour: '6', minute: '0' });

/**
 * The weekly rule. EventBridge retries a failed invocation of the sweep (throttled, or the function
 * could not be invoked) for six hours, then parks the event in a dead-letter queue with an alarm: a
 * week without a sweep is noticed, and the event can be replayed.
 */
export class RescanSchedule extends Construct {
  readonly rule: Rule;
  readonly deadLetters: Queue;

  constructor(scope: Construct, id: string, props: RescanScheduleProps) {
    super(scope, id);
    this.deadLetters = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.rule = new Rule(this, 'Weekly', {
      description: 'Weekly rescan of watched sites',
      schedule: weeklySweep,
      targets: [new LambdaFunction(props.sweep, { retryAttempts: 8, maxEventAge: Duration.hours(6), deadLetterQueue: this.deadLetters })],
    });
    const alarm = this.deadLetters
      .metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' })
      .createAlarm(this, 'DeadLettersAlarm', {
        alarmDescription: 'The weekly rescan sweep could not be invoked for six hours; its event waits in the schedule dead-letter queue',
        threshold: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
    alarm.addAlarmAction(new SnsAction(props.alarmTopic));
  }
}
