import type { Construct } from 'constructs';
import { ConfigError, configKeys, envName, loadConfig, type ConfigKey } from '#shared/config.js';

/**
 * Settings the stack owns: where things are (endpoints, queues, the table), secrets and their ARNs,
 * what has a context value of its own (deploy-settings.ts), what is tied to the functions' and API
 * Gateway's time-outs (SCAN_TIMEOUT_SECONDS), and what is for development only. Every other setting
 * of shared/config.ts (tier limits, rate limits, caps, retention) may be set per deployment.
 */
const stackOwned: ReadonlySet<ConfigKey> = new Set<ConfigKey>([
  'stage',
  'port',
  'dataDir',
  'logLevel',
  'awsRegion',
  'tableName',
  'dynamodbEndpoint',
  'sqsEndpoint',
  'sesEndpoint',
  'dynamodbPort',
  'sqsPort',
  'sesPort',
  'batchQueueUrl',
  'rescanQueueUrl',
  'sweepQueueUrl',
  'webhookQueueUrl',
  'mailQueueUrl',
  'batchDeadLetterQueueArn',
  'publicBaseUrl',
  'mailFrom',
  'sesConfigurationSet',
  'allowPrivateTargets',
  'keyPepper',
  'keyPepperSecretArn',
  'stripeSecretKey',
  'stripeSecretArn',
  'stripeWebhookSecret',
  'stripeWebhookSecretArn',
  'webhookSealingKey',
  'webhookSealingKeySecretArn',
  'webBotAuthKey',
  'webBotAuthKeySecretArn',
  'edgeOriginSecret',
  'stripePriceIdPro',
  'stripePriceIdGrowth',
  'stripeAutomaticTax',
  'stripeTaxIdCollection',
  'scanTimeoutSeconds',
]);

export const tunableSettingNames: readonly string[] = configKeys.filter((key) => !stackOwned.has(key)).map(envName);

export class ServiceSettingsError extends Error {}

function contextObject(scope: Construct): Record<string, unknown> {
  const value: unknown = scope.node.tryGetContext('serviceSettings');
  if (value === undefined || value === null || value === '') return {};
  if (typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // reported below
    }
  }
  throw new ServiceSettingsError(
    `Context value "serviceSettings" must be an object of settings, e.g. -c 'serviceSettings={"FREE_SCANS_PER_DAY":20}', got ${JSON.stringify(value)}`,
  );
}

/**
 * CDK context `serviceSettings`: the service's limits for this deployment, by their environment names
 * (docs/configuration.md), e.g. `{"FREE_SCANS_PER_DAY": 20, "PUBLIC_SCAN_LIMIT_PER_DAY": 5}`. Each is
 * checked as the functions will read it, and put into every function's environment.
 */
export function readServiceSettings(scope: Construct): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const [name, value] of Object.entries(contextObject(scope))) {
    if (!tunableSettingNames.includes(name)) {
      const known = configKeys.some((key) => envName(key) === name);
      throw new ServiceSettingsError(
        known
          ? `serviceSettings: ${name} is set by the stack itself, not per deployment`
          : `serviceSettings: ${name} is not a setting of the service (docs/configuration.md)`,
      );
    }
    if (typeof value !== 'string' && typeof value !== 'number')
      throw new ServiceSettingsError(`serviceSettings: ${name} must be a number or a string, got ${JSON.stringify(value)}`);
    try {
      loadConfig({ [name]: String(value) });
    } catch (error) {
      if (error instanceof ConfigError) throw new ServiceSettingsError(`serviceSettings: ${error.message}`);
      throw error;
    }
    settings[name] = String(value);
  }
  return settings;
}
