import { Logger } from '@aws-lambda-powertools/logger';
import type { Config } from '#shared/config.js';
import type { Table } from '#shared/db/table.js';
import type { BillingProvider } from '#shared/adapters/billing/billing-provider.js';
import type { PepperSource } from '#shared/adapters/key-pepper.js';
import type { SecretBox } from '#shared/adapters/secret-box.js';
import type { WebBotAuthKeySource } from '#shared/adapters/web-bot-auth-key.js';
import type { WebhookSender } from '#shared/adapters/webhook-sender.js';
import type { Mailer } from '#shared/adapters/mailer.js';
import type { Queue } from '#shared/adapters/queue.js';
import { systemClock, type Clock } from '#shared/model/clock.js';
import type { Fetcher } from '#shared/outbound/types.js';
import type { LookupFn } from '#shared/outbound/resolve-host.js';
import type { PageMarkupCache } from '#shared/scanner/analyse-page.js';

/** Everything a handler or use case needs from the outside world. */
export interface Dependencies {
  config: Config;
  /** The single table, bound to its client once. */
  table: Table;
  clock: Clock;
  logger: Logger;
  queue: Queue;
  mailer: Mailer;
  /** The HMAC pepper of API-key and sign-in-token digests (a secret, read once). */
  keyPepper: PepperSource;
  /** The one SSRF-safe client for every outbound request (scans, webhooks). */
  fetcher: Fetcher;
  /** The payment provider: Stripe, or without a Stripe key the local stack's own (shared/adapters/billing/create-billing.ts). */
  billing: BillingProvider;
  /** Seals the secrets the service must read back (webhook signing secrets): KMS in AWS. */
  secretBox: SecretBox;
  /** Posts signed webhook deliveries through the SSRF-safe dispatcher. */
  webhookSender: WebhookSender;
  /** How URLs being validated have their host names resolved; undefined is the system resolver (tests pass their own). */
  lookup?: LookupFn | undefined;
  /** Markup already read in this process, for workers that scan the same shops again within minutes; undefined reads every page afresh. */
  markupCache?: PageMarkupCache | undefined;
  /** The scanner's Web Bot Auth keys (a secret of their own); undefined: scans sign nothing and the directory route fails. */
  webBotAuthKey?: WebBotAuthKeySource | undefined;
}

/** What every function has, whatever else its entry point built. */
export type BaseDependencies = Pick<Dependencies, 'config' | 'clock' | 'logger'>;

/** The outside-world parts an entry point builds; the config, clock and logger come with every one. */
export type DependencyParts = Partial<Omit<Dependencies, 'config'>>;

/**
 * A function's dependencies: the base and exactly the parts its entry point built. A use case names the
 * parts it uses (`Pick<Dependencies, ...>`), so passing it a function's dependencies without one of them
 * is a type error, not a failure at run time.
 */
export type Composed<P extends DependencyParts> = Omit<P, OptionalPart> &
  Partial<Pick<P, Extract<keyof P, OptionalPart>>> &
  BaseDependencies;

/** Parts a use case must do without (each says what undefined means), so they stay optional even where built. */
type OptionalPart = 'lookup' | 'markupCache' | 'webBotAuthKey';

/** The dependencies an entry point's `wire` gives its function (functions/*). */
export type Built<W extends (config: Config) => DependencyParts> = Composed<ReturnType<W>>;

export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return new Logger({ serviceName: 'agent-readiness', logLevel: config.logLevel as 'INFO' });
}

/**
 * A function's dependencies from the parts its entry point builds (functions/*): each function
 * imports and builds only the clients it uses, so its bundle and cold start carry nothing else.
 */
export function composeDependencies<P extends DependencyParts>(config: Config, parts: P): Composed<P> {
  return { ...parts, config, clock: parts.clock ?? systemClock, logger: parts.logger ?? createLogger(config) };
}
