import { Duration } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';

export interface RescanScheduleProps {
  sweep: IFunction;
}

/** Every Monday 06:00 UTC: the sweep finds watched sites due for a rescan and queues them. */
export const weeklySweep = Schedule.cron({ weekDay: 'MON', hour: '6', minute: '0' });

export class RescanSchedule extends Construct {
  readonly rule: Rule;

  constructor(scope: Construct, id: string, props: RescanScheduleProps) {
    super(scope, id);
    this.rule = new Rule(this, 'Weekly', {
      description: 'Weekly rescan of watched sites',
      schedule: weeklySweep,
      targets: [new LambdaFunction(props.sweep, { retryAttempts: 2, maxEventAge: Duration.hours(6) })],
    });
  }
}
