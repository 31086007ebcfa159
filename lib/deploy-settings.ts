import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { configDefaults } from '#shared/config.js';
import { readServiceSettings } from '#lib/service-settings.js';

/**
 * Everything a deployment may vary, read once from CDK context (cdk.json or `-c key=value`); an
 * empty string means "not set":
 * - `stage`: stack name suffix and STAGE; `prod` turns on deletion protection, RETAIN and longer logs.
 * - `publicBaseUrl`: https base of the links the service sends; default the API's execute-api URL.
 * - `sesIdentity`: a domain or address to verify in SES here; default none (verified elsewhere).
 * - `mailFrom`: sender; default `no-reply@<sesIdentity>` (or the address), else the config default.
 * - `alarmEmail`: subscribed to the alarm topic. `logLevel`: LOG_LEVEL of every function.
 * - `stripePriceIdPro`, `stripePriceIdGrowth`: the Stripe prices of the paid tiers (`price_...`).
 * - `stripeAutomaticTax`, `stripeTaxIdCollection`: `on` or `off` (default); `on` needs Stripe Tax.
 * - `serviceSettings`: the service's limits by their environment names (lib/service-settings.ts).
 */
export interface DeploySettings {
  stage: string;
  production: boolean;
  /** Base of the links the service sends (sign-in, checkout return); undefined: the API's own URL. */
  publicBaseUrl: string | undefined;
  mailFrom: string;
  /** A domain or an address to create as an SES identity; undefined: managed outside this stack. */
  sesIdentity: string | undefined;
  alarmEmail: string | undefined;
  logLevel: string;
  stripe: { priceIdPro: string; priceIdGrowth: string; automaticTax: 'on' | 'off'; taxIdCollection: 'on' | 'off' };
  logRetention: RetentionDays;
  /** RETAIN for production data (table, secrets, logs), DESTROY for throw-away stages. */
  removalPolicy: RemovalPolicy;
  /** Limits set for this deployment (environment name -> value), in every function's environment. */
  serviceSettings: Record<string, string>;
}

const productionStage = 'prod';
const emailPattern = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const domainPattern = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const logLevels = ['DEBUG', 'INFO', 'WARN', 'ERROR'];

export class DeploySettingsError extends Error {}

function text(scope: Construct, key: string): string | undefined {
  const value: unknown = scope.node.tryGetContext(key);
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new DeploySettingsError(`Context value "${key}" must be a string, got ${JSON.stringify(value)}`);
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function invalid(key: string, value: string, expected: string): never {
  throw new DeploySettingsError(`Context value "${key}" must be ${expected}, got "${value}" (set it in cdk.json or with -c ${key}=...)`);
}

function readPublicBaseUrl(scope: Construct): string | undefined {
  const value = text(scope, 'publicBaseUrl');
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return invalid('publicBaseUrl', value, 'an https URL');
  }
  if (url.protocol !== 'https:' || url.search !== '' || url.hash !== '')
    invalid('publicBaseUrl', value, 'an https URL without query or fragment');
  return value.replace(/\/+$/, '');
}

/** The sender's address inside `Name <address>`, or the whole value. */
export function senderAddress(mailFrom: string): string {
  return /<([^>]+)>\s*$/.exec(mailFrom)?.[1]?.trim() ?? mailFrom.trim();
}

function defaultMailFrom(sesIdentity: string | undefined): string {
  if (sesIdentity === undefined) return configDefaults.mailFrom;
  if (sesIdentity.includes('@')) return sesIdentity;
  return `Agent Readiness Scanner <no-reply@${sesIdentity}>`;
}

function readStripeSettings(scope: Construct): DeploySettings['stripe'] {
  const price = (key: string): string => {
    const value = text(scope, key) ?? '';
    if (value !== '' && !/^price_[A-Za-z0-9]+$/.test(value)) invalid(key, value, 'a Stripe price id (price_...)');
    return value;
  };
  const toggle = (key: string): 'on' | 'off' => {
    const value = text(scope, key) ?? 'off';
    if (value !== 'on' && value !== 'off') invalid(key, value, '"on" or "off"');
    return value;
  };
  return {
    priceIdPro: price('stripePriceIdPro'),
    priceIdGrowth: price('stripePriceIdGrowth'),
    automaticTax: toggle('stripeAutomaticTax'),
    taxIdCollection: toggle('stripeTaxIdCollection'),
  };
}

export function readDeploySettings(scope: Construct): DeploySettings {
  const stage = text(scope, 'stage') ?? 'dev';
  if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage)) invalid('stage', stage, 'lower-case letters, digits and dashes (at most 20)');
  const production = stage === productionStage;

  const sesIdentity = text(scope, 'sesIdentity');
  if (sesIdentity !== undefined && !emailPattern.test(sesIdentity) && !domainPattern.test(sesIdentity)) {
    invalid('sesIdentity', sesIdentity, 'a domain name or an e-mail address');
  }
  const mailFrom = text(scope, 'mailFrom') ?? defaultMailFrom(sesIdentity);
  const sender = senderAddress(mailFrom);
  if (!emailPattern.test(sender)) invalid('mailFrom', mailFrom, 'an address, optionally as "Name <address>"');
  if (production && sender.endsWith('@example.com')) {
    invalid('mailFrom', mailFrom, 'a real sender for the prod stage (set mailFrom or sesIdentity); SES cannot send from example.com');
  }

  const alarmEmail = text(scope, 'alarmEmail');
  if (alarmEmail !== undefined && !emailPattern.test(alarmEmail)) invalid('alarmEmail', alarmEmail, 'an e-mail address');

  const logLevel = (text(scope, 'logLevel') ?? configDefaults.logLevel).toUpperCase();
  if (!logLevels.includes(logLevel)) invalid('logLevel', logLevel, `one of ${logLevels.join(', ')}`);

  return {
    stage,
    production,
    publicBaseUrl: readPublicBaseUrl(scope),
    mailFrom,
    sesIdentity,
    stripe: readStripeSettings(scope),
    alarmEmail,
    logLevel,
    logRetention: production ? RetentionDays.THREE_MONTHS : RetentionDays.ONE_MONTH,
    removalPolicy: production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    serviceSettings: readServiceSettings(scope),
  };
}
