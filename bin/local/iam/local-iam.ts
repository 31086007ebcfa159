import type { QueueName } from '#shared/adapters/queue.js';
import { envName, type Config } from '#shared/config.js';
import type { FunctionName } from '#lib/function-catalog.js';
import type { LocalLog } from '../log.js';
import { functionPolicies } from './function-policies.js';
import { startIamGate, type IamGate } from './iam-gate.js';
import { localSecretArn, type LocalSecret } from './secrets-manager.js';
import type { SynthesisedTemplate } from './synthesised-template.js';

type ConfigKey = keyof Config;

/**
 * Where each secret of the stack (lib/constructs/secrets.ts) sits in the configuration: a value for
 * development, or the ARN a function reads it from. The local stack serves every secret it has a value
 * for through Secrets Manager's API, as AWS does; a secret missing here stops the stack.
 */
const secretSettings: Record<string, { value: ConfigKey; arn: ConfigKey }> = {
  keyPepper: { value: 'keyPepper', arn: 'keyPepperSecretArn' },
  webBotAuthKey: { value: 'webBotAuthKey', arn: 'webBotAuthKeySecretArn' },
  webhookSealingKey: { value: 'webhookSealingKey', arn: 'webhookSealingKeySecretArn' },
  stripe: { value: 'stripeSecretKey', arn: 'stripeSecretArn' },
  stripeWebhook: { value: 'stripeWebhookSecret', arn: 'stripeWebhookSecretArn' },
};

export interface LocalIamOptions {
  template: SynthesisedTemplate;
  region: string;
  accountId: string;
  tableName: string;
  configurationSet: string;
  upstream: { dynamodb: string; sqs: string; ses: string };
  queues: Record<QueueName, { url: string; arn: string; deadLetterUrl: string; deadLetterArn: string }>;
  /** The secrets' values: each function reads them through the gate. A secret without one is not served. */
  secretValues: Record<string, string | undefined>;
  log: LocalLog;
}

export interface LocalIam {
  gate: IamGate;
  /** The variables that send every function's AWS calls through the gate, secrets included. */
  environment: Record<string, string>;
}

export async function startLocalIam(options: LocalIamOptions): Promise<LocalIam> {
  const { template, region, accountId } = options;
  const secrets: LocalSecret[] = [];
  const secretVariables: Record<string, string> = {};
  for (const resource of Object.values(template.resources)) {
    if (resource.kind !== 'secret') continue;
    const settings = secretSettings[resource.secret];
    if (settings === undefined)
      throw new Error(`The stack has a secret "${resource.secret}" that bin/local/iam/local-iam.ts does not serve`);
    const value = options.secretValues[resource.secret];
    if (value === undefined || value === '') continue;
    const arn = localSecretArn(region, accountId, resource.secret);
    secrets.push({ name: resource.secret, arn, value });
    Object.assign(secretVariables, { [envName(settings.value)]: '', [envName(settings.arn)]: arn });
  }
  const policies = functionPolicies(template, {
    region,
    accountId,
    tableName: options.tableName,
    queues: options.queues,
    secretArn: (name) => localSecretArn(region, accountId, name),
    configurationSet: options.configurationSet,
  });
  const roles = Object.fromEntries(Object.entries(template.functions).map(([name, { role }]) => [name, role])) as Record<
    FunctionName,
    string
  >;
  const gate = await startIamGate({
    region,
    accountId,
    upstream: options.upstream,
    queues: options.queues,
    secrets,
    policies,
    roles,
    log: options.log,
  });
  return {
    gate,
    environment: {
      ...secretVariables,
      [envName('sesConfigurationSet')]: options.configurationSet,
      // SDK clients built without an endpoint (secretsManagerReader's) find the gate here.
      AWS_ENDPOINT_URL: gate.endpoint,
    },
  };
}
