import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { configKeys, envName } from '#shared/config.js';
import { families } from '#shared/http/route-types.js';
import { apiFunctions, workerNames, workers, type FunctionName } from '#lib/function-catalog.js';
import { entryPath } from '#lib/paths.js';
import { referencedIds, type BuiltApp, defaultApp } from '#test/infra/support/readiness-app.js';

type FunctionResource = {
  Properties: Record<string, unknown> & { Timeout: number; MemorySize: number; Environment: { Variables: Record<string, unknown> } };
};

const allNames: FunctionName[] = [...families, ...workerNames];

/** Set by ServiceFunction for Node and Powertools, not read through shared/config.ts. */
const runtimeVariables = ['NODE_OPTIONS', 'POWERTOOLS_SERVICE_NAME'];

let built: BuiltApp;
let functions: Record<string, FunctionResource>;

beforeAll(() => {
  built = defaultApp();
  functions = built.template.findResources('AWS::Lambda::Function') as Record<string, FunctionResource>;
});

function resourceOf(name: FunctionName): FunctionResource {
  return functions[built.logicalId(built.stack.functions.get(name).handler)]!;
}

function environmentOf(name: FunctionName): Record<string, unknown> {
  return resourceOf(name).Properties.Environment.Variables;
}

/** The queue URLs each function must see: the queues it enqueues into (meta's health check reads all). */
const expectedQueueUrls: Record<FunctionName, string[]> = {
  meta: ['BATCH_QUEUE_URL', 'RESCAN_QUEUE_URL', 'SWEEP_QUEUE_URL', 'WEBHOOK_QUEUE_URL', 'MAIL_QUEUE_URL'],
  // Only the queues the code sends to today; each later issue adds its producer's queue.
  publicScanner: [],
  scanner: ['WEBHOOK_QUEUE_URL'],
  batch: ['BATCH_QUEUE_URL'],
  auth: ['MAIL_QUEUE_URL'],
  account: [],
  web: [],
  sites: ['RESCAN_QUEUE_URL'],
  webhooks: [],
  // A plan change queues the rescans of the account's watched sites at the new depth.
  billing: ['RESCAN_QUEUE_URL'],
  // scan_site raises scan_complete as the scanner does; watch_site queues the first scan as sites does.
  mcp: ['RESCAN_QUEUE_URL', 'WEBHOOK_QUEUE_URL'],
  batchScan: ['BATCH_QUEUE_URL', 'WEBHOOK_QUEUE_URL'],
  rescanSweep: ['RESCAN_QUEUE_URL', 'SWEEP_QUEUE_URL'],
  rescanSite: ['RESCAN_QUEUE_URL', 'WEBHOOK_QUEUE_URL', 'MAIL_QUEUE_URL'],
  webhookDelivery: ['WEBHOOK_QUEUE_URL', 'MAIL_QUEUE_URL'],
  mailSender: ['MAIL_QUEUE_URL'],
};

describe('Lambda functions', () => {
  it('creates one function per route family and per worker', () => {
    expect(Object.keys(functions)).toHaveLength(families.length + workerNames.length);
  });

  it.each(allNames)('%s has an entry point on disk named after it', (name) => {
    const kind = (families as readonly string[]).includes(name) ? 'http' : 'workers';
    expect(existsSync(entryPath(kind, name)), entryPath(kind, name)).toBe(true);
  });

  it('runs every function on Node 22, arm64, with an ESM handler and no X-Ray tracing (no tracer reads it)', () => {
    for (const fn of Object.values(functions)) {
      expect(fn.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], Handler: 'index.handler' });
      expect((fn.Properties.TracingConfig as { Mode?: string } | undefined)?.Mode ?? 'PassThrough').toBe('PassThrough');
    }
  });

  it('gives every function its own log group with retention, and every log group a retention', () => {
    for (const fn of Object.values(functions)) {
      const [logGroupId] = referencedIds((fn.Properties.LoggingConfig as { LogGroup: unknown }).LogGroup);
      expect(built.template.toJSON().Resources[logGroupId!]).toMatchObject({ Type: 'AWS::Logs::LogGroup' });
    }
    const logGroups = Object.values(built.template.findResources('AWS::Logs::LogGroup')) as { Properties: { RetentionInDays?: number } }[];
    expect(logGroups).toHaveLength(Object.keys(functions).length + 1);
    for (const logGroup of logGroups) expect(logGroup.Properties.RetentionInDays).toBe(30);
  });

  it('keeps scanning API functions under API Gateway’s 30-second limit, webhooks (whose tests wait up to 10 s for an endpoint) at 15 seconds and the others at 10', () => {
    for (const family of families) {
      const { Timeout, MemorySize } = resourceOf(family).Properties;
      if (family === 'publicScanner' || family === 'scanner' || family === 'mcp') {
        expect([Timeout, MemorySize]).toEqual([29, 1024]);
      } else {
        expect(Timeout).toBe(family === 'webhooks' ? 15 : 10);
        expect(MemorySize).toBeGreaterThanOrEqual(256);
        expect(MemorySize).toBeLessThanOrEqual(512);
      }
    }
    for (const name of workerNames) {
      const { Timeout } = resourceOf(name).Properties;
      expect(Timeout).toBe(workers[name].timeoutSeconds);
      expect(Timeout).toBeGreaterThanOrEqual(60);
      expect(Timeout).toBeLessThanOrEqual(120);
    }
    expect(apiFunctions.publicScanner.timeoutSeconds).toBeLessThan(30);
  });

  it('never sets ALLOW_PRIVATE_TARGETS', () => {
    for (const fn of Object.values(functions)) expect(fn.Properties.Environment.Variables).not.toHaveProperty('ALLOW_PRIVATE_TARGETS');
    expect(JSON.stringify(built.template.toJSON())).not.toContain('ALLOW_PRIVATE_TARGETS');
  });

  it.each(allNames)('%s gets the common settings', (name) => {
    expect(environmentOf(name)).toMatchObject({
      TABLE_NAME: { Ref: built.logicalId(built.stack.table) },
      STAGE: 'dev',
      LOG_LEVEL: 'INFO',
      MAIL_FROM: 'Agent Readiness Scanner <no-reply@example.com>',
      // Without a publicBaseUrl context value, links point at the API's own execute-api URL.
      PUBLIC_BASE_URL: { 'Fn::GetAtt': [built.logicalId(built.stack.http.api), 'ApiEndpoint'] },
      POWERTOOLS_SERVICE_NAME: 'agent-readiness',
    });
    // Source maps cost every cold start 15-20 ms (lib/function-bundling.ts); nothing turns them on.
    expect(environmentOf(name)).not.toHaveProperty('NODE_OPTIONS');
  });

  it.each(allNames)('%s sees exactly the queue URLs it needs', (name) => {
    const environment = environmentOf(name);
    const queueVariables = Object.keys(environment).filter((key) => key.endsWith('_QUEUE_URL'));
    expect(queueVariables.sort()).toEqual([...expectedQueueUrls[name]].sort());
    for (const variable of queueVariables) {
      const queueName = variable.replace('_QUEUE_URL', '').toLowerCase() as keyof typeof built.stack.queues;
      expect(environment[variable]).toEqual({ Ref: built.logicalId(built.stack.queues[queueName]) });
    }
  });

  it('gives secret ARNs and the SES configuration set only to the functions that use them', () => {
    const holders = (variable: string) => allNames.filter((name) => variable in environmentOf(name)).sort();
    expect(holders('KEY_PEPPER_SECRET_ARN')).toEqual(
      ['account', 'auth', 'batch', 'billing', 'mailSender', 'scanner', 'sites', 'webhooks', 'mcp'].sort(),
    );
    expect(holders('WEB_BOT_AUTH_KEY_SECRET_ARN')).toEqual(['batchScan', 'mcp', 'meta', 'publicScanner', 'rescanSite', 'scanner']);
    expect(holders('STRIPE_SECRET_ARN')).toEqual(['billing']);
    expect(holders('STRIPE_WEBHOOK_SECRET_ARN')).toEqual(['billing']);
    expect(holders('STRIPE_PRICE_ID_PRO')).toEqual(['billing']);
    expect(holders('SES_CONFIGURATION_SET')).toEqual(['mailSender']);
    expect(holders('WEBHOOK_SEALING_KEY_SECRET_ARN')).toEqual(['rescanSite', 'sites', 'webhookDelivery', 'webhooks']);
    const { secrets, mail } = built.stack;
    for (const name of holders('WEBHOOK_SEALING_KEY_SECRET_ARN')) {
      expect(environmentOf(name).WEBHOOK_SEALING_KEY_SECRET_ARN).toEqual({ Ref: built.logicalId(secrets.webhookSealingKey) });
    }
    for (const name of holders('KEY_PEPPER_SECRET_ARN'))
      expect(environmentOf(name).KEY_PEPPER_SECRET_ARN).toEqual({ Ref: built.logicalId(secrets.keyPepper) });
    for (const name of holders('WEB_BOT_AUTH_KEY_SECRET_ARN'))
      expect(environmentOf(name).WEB_BOT_AUTH_KEY_SECRET_ARN).toEqual({ Ref: built.logicalId(secrets.webBotAuthKey) });
    expect(environmentOf('billing').STRIPE_SECRET_ARN).toEqual({ Ref: built.logicalId(secrets.stripe) });
    expect(environmentOf('billing').STRIPE_WEBHOOK_SECRET_ARN).toEqual({ Ref: built.logicalId(secrets.stripeWebhook) });
    expect(environmentOf('mailSender').SES_CONFIGURATION_SET).toEqual({ Ref: built.logicalId(mail.configurationSet) });
  });

  it('sets only variables the service reads: a setting of shared/config.ts or a Lambda runtime option', () => {
    const settingNames = new Set(configKeys.map(envName));
    for (const name of allNames) {
      const unknown = Object.keys(environmentOf(name)).filter(
        (variable) => !settingNames.has(variable) && !runtimeVariables.includes(variable),
      );
      expect(unknown, name).toEqual([]);
    }
  });

  it('leaves the account limits (sign-in link validity, sign-in mail caps, e-mail length) at their defaults', () => {
    const accountSettings = (
      ['signInLinkValidityMinutes', 'signInMailsPerWindowPerMailbox', 'signInMailsPerDayPerMailbox', 'emailMaxLength'] as const
    ).map(envName);
    for (const name of allNames) for (const variable of accountSettings) expect(environmentOf(name), name).not.toHaveProperty(variable);
  });
});

describe('Worker triggers', () => {
  const expectedBatchSizes = { batch: 5, rescan: 3, sweep: 1, webhook: 10, mail: 10 };

  it('maps each queue to its worker with partial batch responses', () => {
    const mappings = Object.values(built.template.findResources('AWS::Lambda::EventSourceMapping')) as FunctionResource[];
    // One per queue, plus the batch worker on the batch queue's dead-letter queue.
    expect(mappings).toHaveLength(6);
    for (const [queue, batchSize] of Object.entries(expectedBatchSizes)) {
      const consumer = workerNames.find((name) => workers[name].trigger.queue === queue)!;
      built.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        EventSourceArn: { 'Fn::GetAtt': [built.logicalId(built.stack.queues[queue as keyof typeof expectedBatchSizes]), 'Arn'] },
        FunctionName: { Ref: built.logicalId(built.stack.functions.get(consumer).handler) },
        BatchSize: batchSize,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      });
    }
  });

  it("has the batch worker consume the batch queue's dead-letter queue too, knowing it by its ARN", () => {
    const deadLetters = built.stack.queues.batch.deadLetterQueue!.queue;
    built.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [built.logicalId(deadLetters), 'Arn'] },
      FunctionName: { Ref: built.logicalId(built.stack.functions.get('batchScan').handler) },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    expect(environmentOf('batchScan').BATCH_DEAD_LETTER_QUEUE_ARN).toEqual({ 'Fn::GetAtt': [built.logicalId(deadLetters), 'Arn'] });
    expect(allNames.filter((name) => 'BATCH_DEAD_LETTER_QUEUE_ARN' in environmentOf(name))).toEqual(['batchScan']);
  });

  it('runs the rescan sweep weekly from an EventBridge rule', () => {
    const rules = Object.values(built.template.findResources('AWS::Events::Rule')) as {
      Properties: { ScheduleExpression: string; Targets: { Arn: unknown }[] };
    }[];
    expect(rules).toHaveLength(1);
    const [rule] = rules;
    expect(rule!.Properties.ScheduleExpression).toMatch(/^cron\(\d+ \d+ \? \* MON \*\)$/);
    expect(rule!.Properties.Targets.map((target) => referencedIds(target.Arn))).toEqual([
      [built.logicalId(built.stack.functions.get('rescanSweep').handler)],
    ]);
  });
});
