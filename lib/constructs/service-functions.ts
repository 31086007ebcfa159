import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import type { RemovalPolicy } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import { queueNames, type QueueName } from '#shared/adapters/queue.js';
import { families } from '#shared/http/route-types.js';
import type { CapacitySettings } from '#lib/capacity-settings.js';
import {
  apiFunctions,
  reservedConcurrencyOf,
  workerNames,
  workers,
  type FunctionName,
  type FunctionSizing,
} from '#lib/function-catalog.js';
import { bundleDefines, bundleFiles } from '#lib/function-bundling.js';
import { functionEnvironment, type EnvironmentSources } from '#lib/function-environment.js';
import { functionAccess, readsKeyPepper, type FunctionAccess } from '#lib/function-permissions.js';
import { entryPath } from '#lib/paths.js';
import { ServiceFunction } from '#lib/constructs/service-function.js';
import type { Mail } from '#lib/constructs/mail.js';

export interface ServiceFunctionsProps {
  table: ITable;
  queues: Record<QueueName, Queue>;
  keyPepper: ISecret;
  webBotAuthKey: ISecret;
  stripe: ISecret;
  stripeWebhook: ISecret;
  webhookSealingKey: ISecret;
  mail: Mail;
  environment: EnvironmentSources;
  capacity: CapacitySettings;
  logRetention: RetentionDays;
  removalPolicy: RemovalPolicy;
}

/** Exactly the item actions of the access table on the table, and Query on the indexes it names. */
function grantTableAccess(fn: ServiceFunction, table: ITable, access: FunctionAccess): void {
  if (access.table.length > 0) {
    fn.role.addToPrincipalPolicy(
      new PolicyStatement({ actions: access.table.map((action) => `dynamodb:${action}`), resources: [table.tableArn] }),
    );
  }
  if (access.indexes && access.indexes.length > 0) {
    fn.role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['dynamodb:Query'], resources: access.indexes.map((index) => `${table.tableArn}/index/${index}`) }),
    );
  }
}

/** A deployment without `serviceSettings` keeps the spec's limits, which the prebuilt OpenAPI document names. */
function defaultLimits(props: ServiceFunctionsProps): boolean {
  return Object.keys(props.environment.settings.serviceSettings).length === 0;
}

function constructId(name: FunctionName): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** Every Lambda function of the service, each granted exactly what `functionAccess` lists. */
export class ServiceFunctions extends Construct {
  private readonly byName = new Map<FunctionName, ServiceFunction>();

  constructor(scope: Construct, id: string, props: ServiceFunctionsProps) {
    super(scope, id);
    for (const family of families) this.add(family, entryPath('http', family), apiFunctions[family], props);
    for (const name of workerNames) {
      const spec = workers[name];
      const fn = this.add(name, entryPath('workers', name), spec, props);
      // The weekly rule (lib/constructs/rescan-schedule.ts) starts the sweep; its shards go on over its queue.
      const { queue, batchSize } = spec.trigger;
      // Never more pollers than the function may run; without reservations, the same cap.
      const maxConcurrency = reservedConcurrencyOf(name, props.capacity) ?? props.capacity.workerConcurrency;
      fn.handler.addEventSource(new SqsEventSource(props.queues[queue], { batchSize, maxConcurrency, reportBatchItemFailures: true }));
      const deadLetters = props.queues[queue].deadLetterQueue?.queue;
      if (spec.trigger.kind === 'queue' && spec.trigger.deadLetters === 'consume' && deadLetters) {
        fn.handler.addEventSource(new SqsEventSource(deadLetters, { batchSize, maxConcurrency, reportBatchItemFailures: true }));
      }
    }
  }

  get(name: FunctionName): ServiceFunction {
    const fn = this.byName.get(name);
    if (fn === undefined) throw new Error(`No function named ${name}`);
    return fn;
  }

  get all(): ServiceFunction[] {
    return [...this.byName.values()];
  }

  get named(): Array<{ name: FunctionName; handler: ServiceFunction['handler'] }> {
    return [...this.byName.entries()].map(([name, fn]) => ({ name, handler: fn.handler }));
  }

  private add(name: FunctionName, entry: string, sizing: FunctionSizing, props: ServiceFunctionsProps): ServiceFunction {
    const fn = new ServiceFunction(this, constructId(name), {
      entry,
      ...sizing,
      environment: functionEnvironment(name, props.environment),
      define: bundleDefines(name, { defaultLimits: defaultLimits(props) }),
      files: bundleFiles(name, { defaultLimits: defaultLimits(props) }),
      reservedConcurrency: reservedConcurrencyOf(name, props.capacity),
      logRetention: props.logRetention,
      removalPolicy: props.removalPolicy,
    });
    const access = functionAccess[name];
    grantTableAccess(fn, props.table, access);
    for (const queue of access.sendsTo) props.queues[queue].grantSendMessages(fn);
    if (access.probesQueues) for (const queue of queueNames) props.queues[queue].grant(fn, 'sqs:GetQueueAttributes');
    if (readsKeyPepper(name)) props.keyPepper.grantRead(fn);
    if (access.readsWebBotAuthKey) props.webBotAuthKey.grantRead(fn);
    if (access.usesStripe) {
      props.stripe.grantRead(fn);
      props.stripeWebhook.grantRead(fn);
    }
    // Reading the secret includes kms:Decrypt on its key, through Secrets Manager only.
    if (access.readsWebhookSealingKey) props.webhookSealingKey.grantRead(fn);
    if (access.sendsMail) props.mail.grantSend(fn);
    this.byName.set(name, fn);
    return fn;
  }
}
