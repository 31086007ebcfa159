import { Duration } from 'aws-cdk-lib';
import { ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { queueNames, type QueueName } from '#shared/adapters/queue.js';
import { maxReceiveCountOf } from '#shared/adapters/queue-redrive.js';

export interface WorkQueuesProps {
  /** Per queue: its consumer's timeout times six, so a message is not redelivered mid-run. */
  visibilityTimeout: (queue: QueueName) => Duration;
  alarmTopic: ITopic;
}

/** One SQS queue per `queueNames` entry, each with a dead-letter queue and an alarm on it. */
export class WorkQueues extends Construct {
  readonly queues: Record<QueueName, Queue>;

  constructor(scope: Construct, id: string, props: WorkQueuesProps) {
    super(scope, id);
    const entries = queueNames.map((name) => [name, this.createQueue(name, props)] as const);
    this.queues = Object.fromEntries(entries) as Record<QueueName, Queue>;
  }

  private createQueue(name: QueueName, props: WorkQueuesProps): Queue {
    const scope = new Construct(this, name);
    const secured = { encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true };
    // Its visibility timeout matches the queue's: a worker may consume it (the batch worker does).
    const deadLetters = new Queue(scope, 'DeadLetters', {
      ...secured,
      retentionPeriod: Duration.days(14),
      visibilityTimeout: props.visibilityTimeout(name),
    });
    const queue = new Queue(scope, 'Queue', {
      ...secured,
      visibilityTimeout: props.visibilityTimeout(name),
      deadLetterQueue: { queue: deadLetters, maxReceiveCount: maxReceiveCountOf(name) },
    });
    const alarm = deadLetters
      .metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' })
      .createAlarm(scope, 'DeadLettersAlarm', {
        alarmDescription: `Messages of the ${name} queue failed ${maxReceiveCountOf(name)} times and wait in its dead-letter queue`,
        threshold: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
    alarm.addAlarmAction(new SnsAction(props.alarmTopic));
    return queue;
  }
}
