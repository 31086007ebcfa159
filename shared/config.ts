import { z } from 'zod';

/**
 * Every setting and every limit of the service, with the spec's values as defaults.
 * A setting `fooBarBaz` is overridden by the environment variable `FOO_BAR_BAZ`; the names are
 * derived mechanically so the rule in docs/design.md holds for every entry without a hand-kept list.
 */
const defaults = {
  // Service wiring
  stage: 'dev',
  port: 3000,
  dataDir: '.data',
  logLevel: 'INFO',
  awsRegion: 'eu-west-2',
  tableName: 'readiness',
  dynamodbEndpoint: '',
  sqsEndpoint: '',
  sesEndpoint: '',
  dynamodbPort: 8000,
  sqsPort: 9324,
  sesPort: 8005,
  batchQueueUrl: '',
  rescanQueueUrl: '',
  sweepQueueUrl: '',
  webhookQueueUrl: '',
  /** The batch queue's dead-letter queue: the batch worker also consumes it, failing the items whose messages end there. */
  batchDeadLetterQueueArn: '',
  mailQueueUrl: '',
  publicBaseUrl: 'http://localhost:3000',
  mailFrom: 'Agent Readiness Scanner <no-reply@example.com>',
  sesConfigurationSet: '',
  allowPrivateTargets: '',
  keyPepper: '',
  keyPepperSecretArn: '',
  stripeSecretKey: '',
  stripeSecretArn: '',
  stripeWebhookSecret: '',
  /** Key material that encrypts webhook signing secrets (AES-256-GCM); in AWS read from the secret below. Empty: the key pepper (local). */
  webhookSealingKey: '',
  webhookSealingKeySecretArn: '',
  /**
   * The Web Bot Auth signing keys as their secret holds them, `{"current": "<material>"}` (with `next` and
   * `previous` during a rotation); in AWS read from the secret below. Empty: scans sign nothing.
   */
  webBotAuthKey: '',
  webBotAuthKeySecretArn: '',
  /**
   * The value the optional CloudFront distribution (CDK `-c edgeWaf=on`) sends in X-Origin-Verify. Only a
   * request carrying it has its client address taken from CloudFront-Viewer-Address; empty: never.
   */
  edgeOriginSecret: '',
  /** Every DynamoDB call's deadlines: opening a connection, and one attempt's whole request and answer. */
  dynamodbConnectTimeoutMs: 1_000,
  dynamodbRequestTimeoutMs: 2_000,
  /** Attempts per call (throttling, time-outs of reads); an unanswered write is never attempted twice. */
  dynamodbMaxAttempts: 3,
  /** How long validating a URL (scan, watched site, webhook, batch item) waits for its host name to resolve (the SSRF check). */
  hostResolveTimeoutMs: 3_000,
  /** The first retry of a failed delivery waits about this long; each next one twice as long (capped at 6 hours). */
  webhookRetryBaseSeconds: 60,
  /** An endpoint is disabled after this many consecutive failed deliveries… */
  webhookDisableAfterFailures: 20,
  /** …when the first of them was at least this long ago (a short outage does not disable it). */
  webhookDisableAfterSeconds: 86_400,
  /** How long delivery attempts stay in an endpoint's delivery log. */
  webhookDeliveryLogDays: 30,
  stripeWebhookSecretArn: '',
  /** The Stripe prices of the paid tiers (CDK context `stripePriceIdPro`/`stripePriceIdGrowth`). */
  stripePriceIdPro: '',
  stripePriceIdGrowth: '',
  /** `on` needs Stripe Tax set up on the Stripe account (docs/guide.md, "Billing"). */
  stripeAutomaticTax: 'off',
  stripeTaxIdCollection: 'off',
  /** How old a signed webhook may be (Stripe's own default). */
  stripeWebhookToleranceSeconds: 300,
  /** Stripe resends an event for up to three days; its id is remembered longer. */
  billingEventRetentionDays: 30,
  /** A past-due subscription keeps its paid tier this long after its payment first failed, then the account is free. */
  pastDueGraceDays: 7,
  /** Where checkout and the billing portal send the customer back; empty means PUBLIC_BASE_URL/app. */
  billingReturnUrl: '',
  maxRequestBodyBytes: 65_536,

  // Accounts (the spec leaves these to us; docs/decisions/006-sign-in-by-mail.md onwards)
  signInLinkValidityMinutes: 15,
  /** Sign-in mails one mailbox is sent per SIGN_IN_LINK_VALIDITY_MINUTES, and per rolling day (docs/decisions/007-sign-in-mail-caps.md). */
  signInMailsPerWindowPerMailbox: 3,
  signInMailsPerDayPerMailbox: 20,
  emailMaxLength: 254,
  /** Account routes outside the monthly allowance (docs/decisions/011-usage-allowances.md): their own per-account hourly limit. */
  accountRoutesLimitPerHour: 120,
  /**
   * The same routes called by the service's own pages (the dashboard, `Sec-Fetch-Site: same-origin`): a bucket
   * of their own, so clicking around never uses up the API clients' (docs/decisions/109-dashboard-calls-apart.md).
   * A dashboard load makes about six calls: this is some 200 loads an hour.
   */
  dashboardRoutesLimitPerHour: 1_200,
  /** A dashboard session (sign-in at the key limit) lasts this long from sign-in, never extended (docs/decisions/009-dashboard-sessions.md). */
  dashboardSessionHours: 12,

  // The spec's Limits table
  publicScanLimitPerDay: 3,
  publicScanWindowSeconds: 86_400,
  /** Public scan attempts per IP in the same window, whatever their outcome (docs/decisions/015-public-scan-attempts.md). */
  publicScanAttemptsPerDay: 10,
  pricingLimitPerHour: 100,
  registerLimitPerHour: 3,
  webhookTestLimitPerHour: 5,
  webhookRedeliverLimitPerHour: 30,
  scanTimeoutSeconds: 30,
  resultRetentionDays: 30,
  resultCacheMaxAgeSeconds: 300,
  plansCacheSeconds: 3_600,
  checkoutLinkValidityHours: 24,
  /** How long the amount of an upgrade preview holds: its prorationDate is refused by the subscribe call after this. */
  upgradeQuoteValiditySeconds: 900,
  batchMaxUrls: 50,
  /** Batches one account may have pending or processing at once; the next submission answers 429. */
  batchesOutstandingMax: 5,
  labelMaxLength: 100,
  listScansDefaultLimit: 20,
  listScansMaxLimit: 100,
  /** Deeper pages use the cursor: skipping costs a read per skipped item. */
  listScansMaxOffset: 10_000,
  scoreHistoryMax: 90,
  watchedUrlMaxLength: 2_048,

  // Weekly rescans (docs/decisions/032-weekly-rescans.md)
  rescanIntervalDays: 7,
  /** Partitions of the due-rescan index: the sweep reads them in parallel, none is hot. */
  rescanDueShards: 16,
  /** Sites one sweep invocation reads from a shard before it hands the rest to a continuation. */
  rescanSweepPageSize: 100,
  /** Seconds between two rescans of one target host (rescans of one shop are serialised). */
  rescanHostSpacingSeconds: 30,
  thresholdsPerSiteMax: 10,
  /** How long an alert digest waits for the rest of its sweep's rescans before it is mailed. */
  alertDigestDelaySeconds: 900,
  /** Sites one pending alert digest holds (the newest entry of each); more are counted, and the digest item stays under ~300 KB. */
  alertDigestMaxSites: 50,

  // The spec's plan table; growth values the spec does not show are our decision (docs/decisions/005-growth-plan-values.md)
  freePriceMonthlyGbp: 0,
  freeScansPerDay: 10 as number | 'unlimited',
  freeWatchedSites: 3,
  freeApiCallsMonthly: 100,
  freeApiKeysMax: 1,
  freeWebhooksMax: 0,
  freePagesPerScan: 1,
  proPriceMonthlyGbp: 19,
  proScansPerDay: 'unlimited' as number | 'unlimited',
  proWatchedSites: 10,
  proApiCallsMonthly: 1_000,
  proApiKeysMax: 1,
  proWebhooksMax: 1,
  proPagesPerScan: 2,
  growthPriceMonthlyGbp: 49,
  growthScansPerDay: 'unlimited' as number | 'unlimited',
  growthWatchedSites: 100,
  growthApiCallsMonthly: 10_000,
  growthApiKeysMax: 5,
  growthWebhooksMax: 5,
  growthPagesPerScan: 5,
};

export type Config = typeof defaults;
export type ConfigKey = keyof Config;

export function envName(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
}

const integer = z.coerce.number().int().nonnegative();
const integerOrUnlimited = z.union([z.literal('unlimited'), integer]);

function parserFor(key: ConfigKey): z.ZodType {
  if (key.endsWith('ScansPerDay')) return integerOrUnlimited;
  return typeof defaults[key] === 'number' ? integer : z.string();
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const config: Record<string, unknown> = { ...defaults };
  const problems: string[] = [];
  for (const key of Object.keys(defaults) as ConfigKey[]) {
    const raw = env[envName(key)];
    if (raw === undefined || raw === '') continue;
    const parsed = parserFor(key).safeParse(raw.trim());
    if (parsed.success) config[key] = parsed.data;
    else problems.push(`${envName(key)}=${JSON.stringify(raw)} is not a valid ${typeof defaults[key]}`);
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  return config as Config;
}

let cached: Config | undefined;

/** The process-wide configuration, read from the environment once. */
export function getConfig(): Config {
  cached ??= loadConfig();
  return cached;
}

export function allowedPrivateHosts(config: Pick<Config, 'allowPrivateTargets'>): string[] {
  return config.allowPrivateTargets
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter((host) => host.length > 0);
}

export const configKeys = Object.keys(defaults) as ConfigKey[];
export const configDefaults: Readonly<Config> = defaults;
