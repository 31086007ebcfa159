import { envName, loadConfig, type ConfigKey } from '#shared/config.js';
import { queueNames, type QueueName } from '#shared/adapters/queue.js';
import type { DeploySettings } from '#lib/deploy-settings.js';
import { apiFunctions, workers, type FunctionName, type WorkerSpec } from '#lib/function-catalog.js';
import { functionAccess, readsKeyPepper } from '#lib/function-permissions.js';

/** The deployed resources a function's settings point at. */
export interface EnvironmentSources {
  settings: Pick<DeploySettings, 'stage' | 'logLevel' | 'mailFrom' | 'stripe' | 'serviceSettings'>;
  publicBaseUrl: string;
  tableName: string;
  queueUrls: Record<QueueName, string>;
  deadLetterQueueArns: Record<QueueName, string>;
  keyPepperSecretArn: string;
  webBotAuthKeySecretArn: string;
  stripeSecretArn: string;
  stripeWebhookSecretArn: string;
  sesConfigurationSet: string;
  webhookSealingKeySecretArn: string;
  /** With `-c edgeWaf=on`: the CloudFront distribution's origin secret (a dynamic reference), for the API functions. */
  edgeOriginSecret?: string;
}

function queueUrlKey(queue: QueueName): ConfigKey {
  return `${queue}QueueUrl`;
}

function deadLetterArnKey(queue: QueueName): ConfigKey {
  const key = `${queue}DeadLetterQueueArn`;
  if (!(key in loadConfig({}))) throw new Error(`shared/config.ts has no ${key} for the ${queue} queue's dead-letter consumer`);
  return key as ConfigKey;
}

/**
 * A function's environment, named by the service's own settings (`envName`), holding only what the
 * function may use, and the deployment's limits (`serviceSettings`). ALLOW_PRIVATE_TARGETS is
 * development-only and never set here.
 */
export function functionEnvironment(name: FunctionName, sources: EnvironmentSources): Record<string, string> {
  const access = functionAccess[name];
  const values: Partial<Record<ConfigKey, string>> = {
    stage: sources.settings.stage,
    logLevel: sources.settings.logLevel,
    tableName: sources.tableName,
    publicBaseUrl: sources.publicBaseUrl,
    mailFrom: sources.settings.mailFrom,
  };
  for (const queue of access.probesQueues ? queueNames : access.sendsTo) values[queueUrlKey(queue)] = sources.queueUrls[queue];
  if (readsKeyPepper(name)) values.keyPepperSecretArn = sources.keyPepperSecretArn;
  if (access.readsWebBotAuthKey) values.webBotAuthKeySecretArn = sources.webBotAuthKeySecretArn;
  if (access.usesStripe) {
    values.stripeSecretArn = sources.stripeSecretArn;
    values.stripeWebhookSecretArn = sources.stripeWebhookSecretArn;
    values.stripePriceIdPro = sources.settings.stripe.priceIdPro;
    values.stripePriceIdGrowth = sources.settings.stripe.priceIdGrowth;
    values.stripeAutomaticTax = sources.settings.stripe.automaticTax;
    values.stripeTaxIdCollection = sources.settings.stripe.taxIdCollection;
  }
  if (access.sendsMail) values.sesConfigurationSet = sources.sesConfigurationSet;
  const trigger = (workers as Partial<Record<FunctionName, WorkerSpec>>)[name]?.trigger;
  if (trigger?.kind === 'queue' && trigger.deadLetters === 'consume')
    values[deadLetterArnKey(trigger.queue)] = sources.deadLetterQueueArns[trigger.queue];
  if (access.readsWebhookSealingKey) values.webhookSealingKeySecretArn = sources.webhookSealingKeySecretArn;
  if (sources.edgeOriginSecret !== undefined && name in apiFunctions) values.edgeOriginSecret = sources.edgeOriginSecret;
  return {
    ...sources.settings.serviceSettings,
    ...Object.fromEntries(Object.entries(values).map(([key, value]) => [envName(key), value])),
  };
}
