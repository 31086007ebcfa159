import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { queueNames, type QueueName } from '#shared/adapters/queue.js';
import { routeKey } from '#shared/http/route-types.js';
import { routeList, routes } from '#shared/http/routes.js';
import { readCapacitySettings, type CapacitySettings } from '#lib/capacity-settings.js';
import { readDeploySettings, type DeploySettings } from '#lib/deploy-settings.js';
import { consumerOf, visibilityTimeoutFactor, workers } from '#lib/function-catalog.js';
import { acknowledgeNagFindings } from '#lib/nag-suppressions.js';
import { AlarmTopic } from '#lib/constructs/alarm-topic.js';
import { EdgeDistribution } from '#lib/constructs/edge-distribution.js';
import { DataTable } from '#lib/constructs/data-table.js';
import { publicScanRouteKey, ServiceHttpApi } from '#lib/constructs/http-api.js';
import { ServiceAlarms } from '#lib/constructs/service-alarms.js';
import { Mail } from '#lib/constructs/mail.js';
import { RescanSchedule } from '#lib/constructs/rescan-schedule.js';
import { ServiceSecrets } from '#lib/constructs/secrets.js';
import { ServiceFunctions } from '#lib/constructs/service-functions.js';
import { WorkQueues } from '#lib/constructs/work-queues.js';

export interface ReadinessStackProps extends StackProps {
  /** The CLOUDFRONT web ACL (lib/edge-waf-stack.ts) when `-c edgeWaf=on`: CloudFront then fronts the API. */
  edgeWebAclArn?: string;
}

/**
 * The whole service in one stack, env-agnostic unless the edge is on; deployment settings come from
 * CDK context (cdk.json).
 */
export class ReadinessStack extends Stack {
  readonly settings: DeploySettings;
  readonly capacity: CapacitySettings;
  readonly table: Table;
  readonly queues: Record<QueueName, Queue>;
  readonly secrets: ServiceSecrets;
  readonly mail: Mail;
  readonly http: ServiceHttpApi;
  readonly functions: ServiceFunctions;
  readonly edge: EdgeDistribution | undefined;

  constructor(scope: Construct, id: string, { edgeWebAclArn, ...props }: ReadinessStackProps = {}) {
    super(scope, id, props);
    const settings = (this.settings = readDeploySettings(this));
    const capacity = (this.capacity = readCapacitySettings(this));
    const lifecycle = { logRetention: settings.logRetention, removalPolicy: settings.removalPolicy };

    this.table = new DataTable(this, 'Data', { production: settings.production, removalPolicy: settings.removalPolicy }).table;
    const alarms = new AlarmTopic(this, 'Alarms', { email: settings.alarmEmail });
    this.queues = new WorkQueues(this, 'Queues', {
      alarmTopic: alarms.topic,
      visibilityTimeout: (queue) => Duration.seconds(workers[consumerOf(queue)].timeoutSeconds * visibilityTimeoutFactor),
    }).queues;
    this.secrets = new ServiceSecrets(this, 'Secrets', { removalPolicy: settings.removalPolicy });
    this.mail = new Mail(this, 'Mail', { mailFrom: settings.mailFrom, sesIdentity: settings.sesIdentity });
    this.http = new ServiceHttpApi(this, 'Http', { ...lifecycle, capacity });
    this.edge = edgeWebAclArn
      ? new EdgeDistribution(this, 'Edge', { api: this.http.api, webAclArn: edgeWebAclArn, removalPolicy: settings.removalPolicy })
      : undefined;

    const { queues, secrets, mail, http } = this;
    this.functions = new ServiceFunctions(this, 'Functions', {
      ...lifecycle,
      capacity,
      table: this.table,
      queues,
      keyPepper: secrets.keyPepper,
      webBotAuthKey: secrets.webBotAuthKey,
      stripe: secrets.stripe,
      stripeWebhook: secrets.stripeWebhook,
      webhookSealingKey: secrets.webhookSealingKey,
      mail,
      environment: {
        settings,
        publicBaseUrl: settings.publicBaseUrl ?? this.edge?.url ?? http.endpoint,
        tableName: this.table.tableName,
        queueUrls: Object.fromEntries(queueNames.map((name) => [name, queues[name].queueUrl])) as Record<QueueName, string>,
        deadLetterQueueArns: Object.fromEntries(queueNames.map((name) => [name, queues[name].deadLetterQueue!.queue.queueArn])) as Record<
          QueueName,
          string
        >,
        keyPepperSecretArn: secrets.keyPepper.secretArn,
        webBotAuthKeySecretArn: secrets.webBotAuthKey.secretArn,
        stripeSecretArn: secrets.stripe.secretArn,
        stripeWebhookSecretArn: secrets.stripeWebhook.secretArn,
        sesConfigurationSet: mail.configurationSet.configurationSetName,
        webhookSealingKeySecretArn: secrets.webhookSealingKey.secretArn,
        ...(this.edge ? { edgeOriginSecret: this.edge.originSecret.secretValue.unsafeUnwrap() } : {}),
      },
    });
    http.addRouteTable(routeList, (family) => this.functions.get(family).handler, 'web');
    const schedule = new RescanSchedule(this, 'RescanSchedule', {
      sweep: this.functions.get('rescanSweep').handler,
      alarmTopic: alarms.topic,
    });
    new ServiceAlarms(this, 'Monitoring', {
      topic: alarms.topic,
      functions: this.functions.named,
      api: http.api,
      stage: http.stage,
      scanRoutes: [publicScanRouteKey, routeKey(routes.createScan)],
      table: this.table,
    });

    new CfnOutput(this, 'ApiUrl', { value: http.stage.url, description: 'Base URL of the HTTP API' });
    if (this.edge)
      new CfnOutput(this, 'EdgeUrl', { value: this.edge.url, description: 'Base URL of the API through CloudFront and AWS WAF' });
    acknowledgeNagFindings({
      functions: this.functions.all,
      secrets,
      api: http,
      scheduleDeadLetters: schedule.deadLetters,
      edge: this.edge,
    });
  }
}
